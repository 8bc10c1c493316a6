import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateShareReply,
  CreateShareRequest,
  EmailShareRequest,
  PublishRequest,
  SHARE_PASSWORD_HEADER,
  Share,
  ShareId,
} from '@nordlys/contract/share';
import { CopyFilesReply } from '@nordlys/contract/timeline';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ShareService } from '../services/share.service';
import { shareCallerOf } from './caller';
import { ErrorReply, withCommonQuery } from './common-query';
import { originOf } from './origin';

const TAGS = ['shares'];
const ShareParams = Type.Object({ id: ShareId });
const NoContent = Type.Null();
const PASSWORD_NOTE =
  `A password share wants its password as typed, percent-encoded, in ${SHARE_PASSWORD_HEADER}; ` +
  "403 'public job auth failed' when it is missing or wrong, 429 while guesses are locked out. " +
  'Unknown, stopped and expired shares answer 404.';

export interface SharesRoutesOptions {
  shares: ShareService;
  publicUrl: string | null;
}

/** Shares of files and an album's link by e-mail (core.md §7). Access rules live in the share service. */
export async function sharesRoutes(app: FastifyInstance, { shares, publicUrl }: SharesRoutesOptions) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/st/4/shares',
    {
      schema: {
        tags: TAGS,
        summary: "Share the caller's files by link, valid 30 days; an optional password (as typed)",
        querystring: withCommonQuery(),
        body: CreateShareRequest,
        response: { 201: CreateShareReply, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      const created = await shares.create(session, request.body, originOf(request, publicUrl));
      return reply.status(201).send(created);
    },
  );

  api.get(
    '/st/4/shares/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A share as its visitors see it, with media URLs signed for this share only',
        description: PASSWORD_NOTE,
        params: ShareParams,
        querystring: withCommonQuery(),
        response: { 200: Share, '4xx': ErrorReply },
      },
    },
    async (request) =>
      shares.get(await shareCallerOf(request), request.params.id, originOf(request, publicUrl)),
  );

  api.delete(
    '/st/4/shares/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Stop sharing (the owner only): the link and its media URLs answer no more',
        params: ShareParams,
        querystring: withCommonQuery(),
        response: { 204: NoContent, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      await shares.stop(await request.requireSession(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/st/4/shares/:id/email',
    {
      schema: {
        tags: TAGS,
        summary: "Send the share's link by e-mail (the owner only), in the owner's language",
        params: ShareParams,
        querystring: withCommonQuery(),
        body: EmailShareRequest,
        response: { 204: NoContent, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      await shares.email(session, request.params.id, request.body, originOf(request, publicUrl));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/st/4/shares/:id/copy_to_timeline',
    {
      schema: {
        tags: TAGS,
        summary:
          "Copy the share's files into the caller's timeline (signed in, not read-only; 413 over quota)",
        description: PASSWORD_NOTE,
        params: ShareParams,
        querystring: withCommonQuery(),
        response: { 200: CopyFilesReply, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      return shares.copyToTimeline(await shareCallerOf(request), session, request.params.id);
    },
  );

  api.post(
    '/st/4/jobs/:id/publish',
    {
      schema: {
        tags: ['albums'],
        summary: "Send a shared album's link by e-mail (the owner only); to_email is comma separated",
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: withCommonQuery(),
        body: PublishRequest,
        response: { 204: NoContent, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      await shares.publishAlbum(session, request.params.id, request.body, originOf(request, publicUrl));
      return reply.status(204).send(null);
    },
  );
}
