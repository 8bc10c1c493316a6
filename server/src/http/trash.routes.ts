import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AlbumIdsRequest,
  AlbumsSuccessReply,
  DeletedAlbums,
  TRASH_MAX_PAGE_SIZE,
  TRASH_PAGE_SIZE,
  TrashFiles,
} from '@nordlys/contract/trash';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TrashService } from '../services/trash.service';
import { bulkFilesRoute } from './bulk-reply';
import { ErrorReply, withCommonQuery } from './common-query';
import { pageOf, pagingQuery, sendTotalItems } from './paging';

const JobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** The trash's lists and Undo (restore and delete forever are in timeline.routes). */
export async function trashRoutes(app: FastifyInstance, { trash }: { trash: TrashService }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/st/4/trash_can',
    {
      schema: {
        tags: ['trash'],
        summary:
          "The caller's trashed files, newest deletion first, with daysRemaining; X-Total-Items header",
        querystring: withCommonQuery(pagingQuery(TRASH_PAGE_SIZE, TRASH_MAX_PAGE_SIZE)),
        response: { 200: TrashFiles, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      const page = await trash.list(session, pageOf(request.query, TRASH_PAGE_SIZE));
      sendTotalItems(reply, page);
      return { files: page.files };
    },
  );

  bulkFilesRoute(
    app,
    '/st/4/jobs/:id/multi_rollback',
    {
      tags: ['trash'],
      summary: 'Undo a deletion just made in the job: its files come back from the trash (quota permitting)',
      description:
        'A restore adds nothing to used_space; while the uploader is over their max_space a file answers ' +
        'status failed, error_reason out_of_storage, and stays in the trash.',
      params: JobParams,
    },
    (session, fileIds, params) => trash.multiRollback(session, params.id, fileIds),
  );

  api.get(
    '/st/4/trash_can_albums',
    {
      schema: {
        tags: ['trash'],
        summary: "The caller's albums in the trash, newest deletion first (dtime in epoch seconds)",
        querystring: withCommonQuery(),
        response: { 200: DeletedAlbums, '4xx': ErrorReply },
      },
    },
    async (request) => trash.deletedAlbums(await request.requireSession()),
  );

  api.post(
    '/st/4/rollback_albums',
    {
      schema: {
        tags: ['trash'],
        summary: 'Restore albums from the trash with the files trashed with them; success lists the restored',
        querystring: withCommonQuery(),
        body: AlbumIdsRequest,
        response: { 200: AlbumsSuccessReply, '4xx': ErrorReply },
      },
    },
    async (request) => trash.restoreAlbums(await request.requireSession(), request.body.job_uuids),
  );

  api.delete(
    '/st/4/delete_albums_from_trash_can',
    {
      schema: {
        tags: ['trash'],
        summary: 'Delete albums in the trash for good with their files; success lists the deleted',
        querystring: withCommonQuery(),
        body: AlbumIdsRequest,
        response: { 200: AlbumsSuccessReply, '4xx': ErrorReply },
      },
    },
    async (request) => trash.deleteAlbums(await request.requireSession(), request.body.job_uuids),
  );
}
