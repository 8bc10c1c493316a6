import { randomUUID } from 'node:crypto';
import type { FileRecord } from '@nordlys/contract/file';
import { fixture } from './media-test-content';
import { minimalValue, type Operation } from './openapi-operations';
import type { Actor, World } from './security-world';
import { multipartBody } from './upload-helpers';

/**
 * How the authorization matrix calls each route: path parameters name the owner's objects in the
 * seeded world, bodies are the smallest valid ones (from the route's schema unless a route needs
 * the world's ids). A route whose success would spend what later cells need (delete the album,
 * sign the device out) is given a fresh object of the same kind for a cell expected to succeed.
 */

export interface MatrixRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body sent as is with its content type (multipart, text/plain lists). */
  raw?: { payload: Buffer | string; contentType: string };
  /** Replaces the actor's authorization header (a fresh session of the same user). */
  authorization?: string;
  /** Headers a protocol needs (tus). */
  headers?: Record<string, string>;
}

export interface Cell {
  w: World;
  actor: Actor;
  /** The cell is expected to succeed: spend fresh objects, not the world's. */
  fresh: boolean;
}

/** The terms version the matrix's app is configured with (TERMS_VERSION). */
export const TERMS_VERSION = '2026-01';

type Build = (cell: Cell, op: Operation) => Promise<MatrixRequest> | MatrixRequest;

const signedInUsers = ['owner', 'participant', 'readOnly', 'stranger'] as const;
type SignedIn = (typeof signedInUsers)[number];
const isSignedIn = (actor: Actor): actor is SignedIn => (signedInUsers as readonly string[]).includes(actor);

/** The world's objects for each path parameter name, by route family. */
export function defaultParams(w: World, op: Operation): Record<string, string> {
  const params: Record<string, string> = {};
  for (const p of op.pathParams) {
    const value = (() => {
      if (p.name === 'fileId') return w.ids.albumFile.fileID;
      if (p.name === 'jobId') return w.ids.album;
      if (p.name === 'commentId') return w.ids.comment;
      if (p.name === '*') return w.ids.albumFile.path;
      if (p.name === 'userId') return w.users.owner.userId;
      if (p.name === 'tusId') return w.ids.tusUpload;
      if (p.name === 'id') {
        if (op.path.startsWith('/st/4/shares/')) return w.ids.share;
        if (op.path.startsWith('/st/4/jobs/') || op.path.startsWith('/poll/jobs/')) return w.ids.album;
      }
      return null;
    })();
    params[p.name] = value ?? String(minimalValue(p.schema));
  }
  return params;
}

export function defaultQuery(op: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const p of op.query) if (p.required) query[p.name] = String(minimalValue(p.schema));
  return query;
}

const textList = (ids: string[]) => ({ payload: ids.join('\n'), contentType: 'text/plain' });

function uploadBody(name: string) {
  const { body, contentType } = multipartBody(
    { path: name, mtime: '1700000000' },
    { name, data: Buffer.from(`${name} ${randomUUID()}\n`) },
  );
  return { payload: body, contentType };
}

/** A session of the cell's user that may be spent (signed out, its account deleted). */
async function spendableSession(cell: Cell): Promise<MatrixRequest> {
  if (!cell.fresh || !isSignedIn(cell.actor)) return {};
  const user = await cell.w.freshUser(cell.actor);
  return { authorization: user.auth };
}

/** An album of the owner's to spend when the cell should succeed; the world's album otherwise. */
async function albumTarget(cell: Cell): Promise<{ id: string; file: FileRecord }> {
  if (cell.fresh) return cell.w.freshAlbum();
  return { id: cell.w.ids.album, file: cell.w.ids.albumFile };
}

async function trashedFile(cell: Cell): Promise<string> {
  if (!cell.fresh) return cell.w.ids.trashedFile.fileID;
  const { w } = cell;
  const file = await w.upload(w.users.owner, 'to-trash.txt');
  await w.t.app.inject({
    method: 'POST',
    url: `/st/4/jobs/${w.ids.timeline}/delete_files`,
    headers: { authorization: w.users.owner.auth },
    payload: { file_uuids: [file.fileID] },
  });
  return file.fileID;
}

/** An album of the owner's in the trash, made for each call (two requests). */
async function trashedAlbum(w: World): Promise<string> {
  const auth = { authorization: w.users.owner.auth };
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/st/4/jobs',
    headers: auth,
    payload: { type: 'story' },
  });
  const { id } = res.json() as { id: string };
  await w.t.app.inject({ method: 'DELETE', url: `/st/4/jobs/${id}`, headers: auth });
  return id;
}

/** The cell's own user's setting, set before it is read back or removed. */
async function ownSetting(cell: Cell, method: 'POST' | 'PUT', url: string, payload: object) {
  if (!isSignedIn(cell.actor)) return;
  await cell.w.t.app.inject({ method, url, headers: await cell.w.headersOf(cell.actor), payload });
}

const albumFileRoute: Build = async (cell) => {
  const album = await albumTarget(cell);
  return { params: { id: album.id, fileId: album.file.fileID } };
};

const archiveBody = (w: World) => ({ file_ids: [w.ids.albumFile.fileID] });

const TUS = { 'tus-resumable': '1.0.0' };
const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
const tusTarget = async (cell: Cell) => ({
  tusId: cell.fresh ? await cell.w.tusUpload() : cell.w.ids.tusUpload,
});

/**
 * The tus protocol's routes, served by @tus/server behind one handler and left out of the OpenAPI
 * document: listed here so the matrix holds them too.
 */
export const UNDOCUMENTED: Operation[] = [
  'POST /st/4/tus',
  'HEAD /st/4/tus/{tusId}',
  'PATCH /st/4/tus/{tusId}',
  'DELETE /st/4/tus/{tusId}',
].map((key) => {
  const [method = '', path = ''] = key.split(' ');
  return {
    key,
    method,
    path,
    pathParams: path.includes('{tusId}')
      ? [{ name: 'tusId', in: 'path' as const, required: true, schema: { type: 'string' } }]
      : [],
    query: [],
    body: null,
    bodyType: null,
    responses: {},
  };
});

export const REQUESTS: Record<string, Build> = {
  'POST /st/4/tus': () => ({
    headers: {
      ...TUS,
      'upload-length': '5',
      'upload-metadata': tusMetadata({
        job_id: 'default',
        path: `matrix-${randomUUID()}.txt`,
        mtime: '1700000000',
      }),
    },
  }),
  'HEAD /st/4/tus/{tusId}': () => ({ headers: TUS }),
  'PATCH /st/4/tus/{tusId}': async (cell) => ({
    params: await tusTarget(cell),
    headers: { ...TUS, 'upload-offset': '2' },
    raw: { payload: Buffer.from('c'), contentType: 'application/offset+octet-stream' },
  }),
  'DELETE /st/4/tus/{tusId}': async (cell) => ({ params: await tusTarget(cell), headers: TUS }),
  'POST /st/4/logout': spendableSession,
  'POST /st/4/data_protection/request_account_deletion': spendableSession,
  'POST /st/4/profile_picture': () => {
    const { body, contentType } = multipartBody(
      {},
      { name: 'me.jpg', data: fixture('photo-exif.jpg'), contentType: 'image/jpeg' },
    );
    return { raw: { payload: body, contentType } };
  },
  'GET /st/4/profile_picture/{userId}/{file}': async ({ w }) => ({
    params: { userId: w.users.owner.userId, file: await w.profilePictureFile() },
  }),
  'POST /st/4/approve_tos': () => ({ body: { tos_version: TERMS_VERSION } }),
  'POST /st/4/data_protection/consent_values': () => ({ body: { help_us_improve: true } }),
  'DELETE /st/4/devices/{id}': async ({ w }) => ({ params: { id: await w.spareDevice() } }),
  'GET /st/4/account_attribute': async (cell) => {
    await ownSetting(cell, 'POST', '/st/4/account_attribute', { key: 'matrix', value: '1' });
    return { query: { key: 'matrix' } };
  },
  'DELETE /st/4/account_attribute': async (cell) => {
    await ownSetting(cell, 'POST', '/st/4/account_attribute', { key: 'matrix', value: '1' });
    return { query: { key: 'matrix' } };
  },
  'POST /st/4/account_attribute': () => ({ body: { key: 'matrix', value: '1' } }),
  'GET /st/4/options/{name}': async (cell) => {
    await ownSetting(cell, 'PUT', '/st/4/options/matrix_option', { value: '1' });
    return { params: { name: 'matrix_option' } };
  },
  'PUT /st/4/options/{name}': () => ({ params: { name: 'matrix_option' }, body: { value: '1' } }),
  'DELETE /st/4/options/{name}': async (cell) => {
    await ownSetting(cell, 'PUT', '/st/4/options/matrix_option', { value: '1' });
    return { params: { name: 'matrix_option' } };
  },
  'POST /st/4/jobs/{id}/upload': ({ w }) => ({ params: { id: w.ids.album }, raw: uploadBody('matrix.txt') }),
  'POST /st/4/jobs/{id}/files_dedup': ({ w }) => ({
    body: { path: 'linked.txt', checksum: w.ids.privateFile.checksum, mtime: 1_700_000_000 },
  }),
  'DELETE /st/4/jobs/{id}/files_by_id/{fileId}': albumFileRoute,
  'DELETE /st/4/jobs/{id}': async (cell) => ({ params: { id: (await albumTarget(cell)).id } }),
  'POST /st/4/jobs/{id}/unsubscribe': async (cell) => ({ params: { id: (await albumTarget(cell)).id } }),
  'POST /st/4/jobs/{id}/cover': ({ w }) => ({ body: { id: w.ids.albumFile.fileID } }),
  'POST /st/4/jobs/{id}/privacy_mode': () => ({ body: { mode: 'shared' } }),
  'POST /st/4/jobs/{id}/permissions': () => ({ body: { allow_comments: 1, allow_uploads: 1 } }),
  // The world's own password again: the guests who hold it keep their way in.
  'POST /st/4/jobs/{id}/password': ({ w }) => ({ body: { password: w.albumPasswordHeader } }),
  'POST /st/4/jobs/{id}/guest': () => ({ body: { name: 'Visitor' } }),
  'POST /st/4/jobs/{id}/keep-files': ({ w }) => ({ raw: textList([w.ids.albumFile.fileID]) }),
  'POST /st/4/jobs/default/copy_files': ({ w }) => ({ raw: textList([w.ids.privateFile.fileID]) }),
  'POST /st/4/jobs/{id}/delete_files': async (cell) => {
    const album = await albumTarget(cell);
    return { params: { id: album.id }, body: { file_uuids: [album.file.fileID] } };
  },
  // Always an album with a file in its trash, so every caller meets something to restore.
  'POST /st/4/jobs/{id}/multi_rollback': async (cell) => {
    const album = await cell.w.freshAlbum();
    await cell.w.t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${album.id}/delete_files`,
      headers: { authorization: cell.w.users.owner.auth },
      payload: { file_uuids: [album.file.fileID] },
    });
    return { params: { id: album.id }, body: { file_uuids: [album.file.fileID] } };
  },
  'POST /st/4/trash_can/restore': async (cell) => ({ body: { file_uuids: [await trashedFile(cell)] } }),
  'POST /st/4/empty_trash_can': async (cell) => ({ body: { fileid: [await trashedFile(cell)] } }),
  'POST /st/4/rollback_albums': async ({ w }) => ({ body: { job_uuids: [await trashedAlbum(w)] } }),
  'DELETE /st/4/delete_albums_from_trash_can': async ({ w }) => ({
    body: { job_uuids: [await trashedAlbum(w)] },
  }),
  'DELETE /st/4/jobs/{id}/files_by_id/{fileId}/comments/{commentId}': async (cell) => {
    if (!cell.fresh) return {};
    const { w } = cell;
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${w.ids.album}/files_by_id/${w.ids.albumFile.fileID}/comments`,
      headers: await w.headersOf(cell.actor),
      payload: { comment: 'to be removed' },
    });
    // Callers who may not comment have nothing of their own to remove: they try the owner's.
    if (res.statusCode !== 201) return {};
    return { params: { commentId: (res.json() as { commentUUID: string }).commentUUID } };
  },
  'POST /st/4/shares': ({ w }) => ({ body: { file_ids: [w.ids.privateFile.fileID] } }),
  'DELETE /st/4/shares/{id}': async (cell) => {
    if (!cell.fresh) return {};
    const res = await cell.w.t.app.inject({
      method: 'POST',
      url: '/st/4/shares',
      headers: { authorization: cell.w.users.owner.auth },
      payload: { file_ids: [cell.w.ids.privateFile.fileID] },
    });
    return { params: { id: (res.json() as { id: string }).id } };
  },
  'POST /st/4/shares/{id}/email': () => ({ body: { recipients: ['friend@example.com'], subject: 'Photos' } }),
  'POST /st/4/jobs/{id}/publish': () => ({ body: { to_email: 'friend@example.com', subject: 'Photos' } }),
  'GET /poll/jobs/{id}/poll': () => ({ query: { seq: '0', hold_ms: '0' } }),
  'GET /th/3/{fileId}': () => ({ query: { area: '256' } }),
  'GET /th/3/trash/{jobId}/{fileId}': ({ w }) => ({
    params: { jobId: w.ids.timeline, fileId: w.ids.trashedFile.fileID },
    query: { area: '256' },
  }),
  'POST /st/4/jobs/{jobId}/files_as_archive': ({ w }) => ({ body: archiveBody(w) }),
  'POST /st/4/jobs/{jobId}/files_as_archive/link': ({ w }) => ({ body: archiveBody(w) }),
  'POST /st/4/trash_can/files_as_archive/link': ({ w }) => ({
    body: { file_ids: [w.ids.trashedFile.fileID] },
  }),
  'POST /st/4/user_grants/{id}/{action}': () => ({ params: { id: randomUUID(), action: 'cancel' } }),
};
