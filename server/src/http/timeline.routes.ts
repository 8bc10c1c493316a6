import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FileType } from '@nordlys/contract/file';
import {
  BULK_CHUNK,
  CopyFilesReply,
  EmptyTrashReply,
  EmptyTrashRequest,
  FILES_DEFAULT_LIMIT,
  FILES_MAX_LIMIT,
  JobChanges,
  LAST_EVENT_SERIAL_HEADER,
  RecentCounts,
  TimelineFiles,
  TimelineFilter,
  TimelineMonths,
  TimelineStats,
} from '@nordlys/contract/timeline';
import { TimelineTiles } from '@nordlys/contract/timeline-tiles';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { badRequest } from '../domain/errors';
import type { FileActionsService } from '../services/file-actions.service';
import type { FilesQuery as TimelineFilesQuery, TimelineService } from '../services/timeline.service';
import { bulkFilesRoute } from './bulk-reply';
import { callerOf } from './caller';
import { EpochSecondsQuery, ErrorReply, withCommonQuery } from './common-query';
import { pageOf, pagingQuery, sendTotalItems } from './paging';

const JobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const FILE_TYPE_LIST = '^(Pictures|Movies|Documents)(,(Pictures|Movies|Documents))*$';
const MAX_FILE_ID_LENGTH = 256;

const FilesQuery = withCommonQuery({
  start: Type.Optional(EpochSecondsQuery('capture time, inclusive')),
  end: Type.Optional(EpochSecondsQuery('capture time, inclusive')),
  types: Type.Optional(Type.String({ pattern: FILE_TYPE_LIST, description: 'comma-separated file types' })),
  uploaded_since: Type.Optional(EpochSecondsQuery('upload time')),
  recursive: Type.Optional(
    Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')], {
      description: 'accepted for compatibility: a timeline is flat, so every listing is recursive',
    }),
  ),
  ...pagingQuery(FILES_DEFAULT_LIMIT, FILES_MAX_LIMIT),
});

function filesQueryOf(query: Static<typeof FilesQuery>): TimelineFilesQuery {
  const { start, end, types, uploaded_since } = query;
  const seconds = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  return {
    start: seconds(start),
    end: seconds(end),
    types: types ? (types.split(',') as FileType[]) : undefined,
    uploadedSince: seconds(uploaded_since),
    ...pageOf(query, FILES_DEFAULT_LIMIT),
  };
}

/** Newline-separated ids; blank lines are ignored. */
export function parseFileIdList(body: unknown): string[] {
  if (typeof body !== 'string') throw badRequest('body must be text/plain file ids, one per line');
  const ids = body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (ids.length === 0) throw badRequest('body must list at least one file id');
  if (ids.length > BULK_CHUNK) throw badRequest(`body must list at most ${BULK_CHUNK} file ids`);
  if (ids.some((id) => id.length > MAX_FILE_ID_LENGTH)) {
    throw badRequest(`body must not hold an id longer than ${MAX_FILE_ID_LENGTH} characters`);
  }
  return ids;
}

export interface TimelineRoutesOptions {
  timeline: TimelineService;
  fileActions: FileActionsService;
}

export async function timelineRoutes(app: FastifyInstance, { timeline, fileActions }: TimelineRoutesOptions) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/st/4/jobs/:id/timeline/months',
    {
      schema: {
        tags: ['timeline'],
        summary:
          'Per capture month (UTC): day range and counts of live pictures, videos, screenshots, documents; X-Last-Event-Serial header',
        params: JobParams,
        querystring: withCommonQuery({ filter: Type.Optional(TimelineFilter) }),
        response: { 200: TimelineMonths, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const viewer = await callerOf(request);
      const page = await timeline.months(viewer, request.params.id, request.query.filter ?? 'all');
      reply.header(LAST_EVENT_SERIAL_HEADER, String(page.lastEventSerial));
      return { months: page.months };
    },
  );

  api.get(
    '/st/4/jobs/:id/files',
    {
      schema: {
        tags: ['timeline'],
        summary:
          'Live files captured between start and end, newest first; X-Last-Event-Serial and X-Total-Items headers',
        params: JobParams,
        querystring: FilesQuery,
        response: { 200: TimelineFiles, '4xx': ErrorReply },
      },
      // A month holds thousands of records; the schema-compiled serializer resolves each nullable
      // field's union per value and costs ten times JSON.stringify. The schema still documents it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const viewer = await callerOf(request);
      const page = await timeline.files(viewer, request.params.id, filesQueryOf(request.query));
      reply.header(LAST_EVENT_SERIAL_HEADER, String(page.lastEventSerial));
      sendTotalItems(reply, page);
      return { files: page.files };
    },
  );

  api.get(
    '/st/4/jobs/:id/timeline/tiles',
    {
      schema: {
        tags: ['timeline'],
        summary:
          "The /files window as columns of what the grid shows (the job's media grant once); same headers",
        params: JobParams,
        querystring: FilesQuery,
        response: { 200: TimelineTiles, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const viewer = await callerOf(request);
      const page = await timeline.tiles(viewer, request.params.id, filesQueryOf(request.query));
      reply.header(LAST_EVENT_SERIAL_HEADER, String(page.lastEventSerial));
      sendTotalItems(reply, page);
      // Already TimelineTiles as JSON (the database built the columns): a string with a JSON
      // content type is sent as it is, not serialized again.
      return reply.type('application/json; charset=utf-8').send(page.json as unknown as TimelineTiles);
    },
  );

  api.get(
    '/st/4/jobs/:id/recents',
    {
      schema: {
        tags: ['timeline'],
        summary: 'Live pictures and videos uploaded in the last 1, 7 and 30 days',
        params: JobParams,
        querystring: withCommonQuery(),
        response: { 200: RecentCounts, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const viewer = await callerOf(request);
      return timeline.recents(viewer, request.params.id);
    },
  );

  api.get(
    '/st/4/jobs/:id/stats',
    {
      schema: {
        tags: ['timeline'],
        summary: 'Live files by kind (picture_count leaves out screenshots)',
        params: JobParams,
        querystring: withCommonQuery(),
        response: { 200: TimelineStats, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const viewer = await callerOf(request);
      return timeline.stats(viewer, request.params.id);
    },
  );

  api.get(
    '/st/4/jobs/:id/changes',
    {
      schema: {
        tags: ['timeline'],
        summary: 'Changes after serial `since`, oldest first (0 file added, 1 file removed)',
        params: JobParams,
        querystring: withCommonQuery({ since: Type.Optional(Type.Integer({ minimum: 0, default: 0 })) }),
        response: { 200: JobChanges, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const viewer = await callerOf(request);
      return timeline.changes(viewer, request.params.id, request.query.since ?? 0);
    },
  );

  bulkFilesRoute(
    app,
    '/st/4/jobs/:id/delete_files',
    {
      tags: ['timeline'],
      summary: `Move up to ${BULK_CHUNK} files of the job to the trash, in one transaction`,
      params: JobParams,
    },
    (session, fileIds, params) => fileActions.deleteFiles(session, params.id, fileIds),
  );

  bulkFilesRoute(
    app,
    '/st/4/trash_can/restore',
    {
      tags: ['trash'],
      summary: `Restore up to ${BULK_CHUNK} trashed files (the owner's or the uploader's)`,
      description:
        "A trashed file still counts against its uploader's storage, so a restore adds nothing to used_space. " +
        'While the uploader is over their max_space (after a downgrade, say) a file answers status failed, ' +
        'error_reason out_of_storage, and stays in the trash.',
    },
    (session, fileIds) => fileActions.restoreFiles(session, fileIds),
  );

  api.post(
    '/st/4/empty_trash_can',
    {
      schema: {
        tags: ['trash'],
        summary: 'Delete trashed files for good; bytes go with the last file over them',
        querystring: withCommonQuery(),
        body: EmptyTrashRequest,
        response: { 200: EmptyTrashReply, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      const { fileid } = request.body;
      const outcome = await fileActions.purgeFiles(session, Array.isArray(fileid) ? fileid : [fileid]);
      return { results: outcome.results, used_space: outcome.usedSpace };
    },
  );

  // The body is plain text (ids one per line); the parser is registered for this route only.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/st/4/jobs/default/copy_files',
      {
        schema: {
          tags: ['timeline'],
          summary: `Copy up to ${BULK_CHUNK} readable files into the caller's timeline (same bytes); 413 when over quota`,
          querystring: withCommonQuery(),
          consumes: ['text/plain'],
          response: { 200: CopyFilesReply, '4xx': ErrorReply },
        },
      },
      async (request) => {
        const session = await request.requireSession();
        return fileActions.copyToTimeline(session, parseFileIdList(request.body));
      },
    );
  });
}
