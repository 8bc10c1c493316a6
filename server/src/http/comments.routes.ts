import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  COMMENT_EMPTY,
  COMMENTS_NOT_ALLOWED,
  Comment,
  CommentRequest,
  FileComments,
  FileLoves,
  NAME_REQUIRED,
  ReactionRequest,
} from '@nordlys/contract/comment';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { CommentService } from '../services/comment.service';
import { callerOf } from './caller';
import { ErrorReply, withCommonQuery } from './common-query';

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });
const FileParams = Type.Object({ id: Id('the album UUID or its compact form'), fileId: Id('the file id') });
const CommentParams = Type.Object({ ...FileParams.properties, commentId: Id('the comment id') });
const TAGS = ['comments'];
const WHO =
  "Signed-out visitors send the album's guest token (X-Guest-Token) and, for a password album, its password. " +
  `403 '${NAME_REQUIRED}' without a name.`;

/** core.md §7: comments and the love reaction on an album's files. Rules live in the comment service. */
export async function commentsRoutes(app: FastifyInstance, { comments }: { comments: CommentService }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/st/4/jobs/:id/files_by_id/:fileId';

  api.get(
    `${base}/comments`,
    {
      schema: {
        tags: TAGS,
        summary: "A file's comments, oldest first, and its loves",
        params: FileParams,
        querystring: withCommonQuery(),
        response: { 200: FileComments, '4xx': ErrorReply },
      },
    },
    async (request) => comments.list(await callerOf(request), request.params.id, request.params.fileId),
  );

  api.post(
    `${base}/comments`,
    {
      schema: {
        tags: TAGS,
        summary: `Comment on a file; 400 '${COMMENT_EMPTY}', 403 '${COMMENTS_NOT_ALLOWED}'`,
        description: WHO,
        params: FileParams,
        querystring: withCommonQuery(),
        body: CommentRequest,
        response: { 201: Comment, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const comment = await comments.add(await callerOf(request), id, fileId, request.body.comment);
      return reply.status(201).send(comment);
    },
  );

  api.put(
    `${base}/comments/:commentId`,
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a comment (its author only)',
        description: WHO,
        params: CommentParams,
        querystring: withCommonQuery(),
        body: CommentRequest,
        response: { 200: Comment, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const { id, fileId, commentId } = request.params;
      return comments.edit(await callerOf(request), id, fileId, commentId, request.body.comment);
    },
  );

  api.delete(
    `${base}/comments/:commentId`,
    {
      schema: {
        tags: TAGS,
        summary: "Delete a comment (its author, or the album's owner)",
        description: WHO,
        params: CommentParams,
        querystring: withCommonQuery(),
        response: { 204: Type.Null(), '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const { id, fileId, commentId } = request.params;
      await comments.remove(await callerOf(request), id, fileId, commentId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    `${base}/reaction`,
    {
      schema: {
        tags: TAGS,
        summary: 'Love a file (one love or none per user per file)',
        description: WHO,
        params: FileParams,
        querystring: withCommonQuery(),
        body: ReactionRequest,
        response: { 200: FileLoves, '4xx': ErrorReply },
      },
    },
    async (request) => comments.love(await callerOf(request), request.params.id, request.params.fileId),
  );

  api.delete(
    `${base}/reaction`,
    {
      schema: {
        tags: TAGS,
        summary: "Take the caller's love back",
        description: WHO,
        params: FileParams,
        querystring: withCommonQuery(),
        response: { 200: FileLoves, '4xx': ErrorReply },
      },
    },
    async (request) => comments.unlove(await callerOf(request), request.params.id, request.params.fileId),
  );
}
