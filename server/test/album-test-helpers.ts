import type { Album } from '@nordlys/contract/album';
import { ALBUM_PASSWORD_HEADER, GUEST_TOKEN_HEADER } from '@nordlys/contract/album';
import { transformAlbumPassword } from '@nordlys/contract/album-password';
import type { FileRecord } from '@nordlys/contract/file';
import type { JobChanges } from '@nordlys/contract/timeline';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { type Auth, uploadAt } from './timeline-test-helpers';

/** Who calls: a signed-in user, or nobody; with an album password (typed, transformed here) or a guest token. */
export interface Caller {
  who: Auth | null;
  password?: string;
  guestToken?: string;
  /** The client address password guesses count against. */
  ip?: string;
}

export async function headersOf(caller: Caller): Promise<Record<string, string>> {
  return {
    ...(caller.who ? { authorization: caller.who.auth } : {}),
    ...(caller.password !== undefined
      ? { [ALBUM_PASSWORD_HEADER.toLowerCase()]: await transformAlbumPassword(caller.password) }
      : {}),
    ...(caller.guestToken ? { [GUEST_TOKEN_HEADER.toLowerCase()]: caller.guestToken } : {}),
  };
}

export function albumApi(t: TestApp) {
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    caller: Caller,
    payload?: unknown,
    text?: string,
  ) {
    const headers = await headersOf(caller);
    return t.app.inject({
      method,
      url,
      remoteAddress: caller.ip ?? '127.0.0.1',
      headers: text !== undefined ? { ...headers, 'content-type': 'text/plain' } : headers,
      ...(text !== undefined
        ? { payload: text }
        : payload !== undefined
          ? { payload: payload as object }
          : {}),
    });
  }

  return {
    call,
    async create(who: Auth, body: Record<string, unknown> = {}): Promise<Album> {
      const password =
        typeof body.password === 'string' && body.password
          ? await transformAlbumPassword(body.password)
          : undefined;
      const res = await call(
        'POST',
        '/st/4/jobs',
        { who },
        { type: 'story', ...body, ...(password ? { password } : {}) },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Album;
    },
    /** A timeline upload, then linked into the album by checksum (no bytes sent again). */
    async addFile(
      who: Auth,
      albumId: string,
      name = 'photo.jpg',
    ): Promise<{ timeline: FileRecord; album: FileRecord }> {
      const timeline = await uploadAt(t, who, name, 1_700_000_000);
      const res = await call(
        'POST',
        `/st/4/jobs/${albumId}/files_dedup`,
        { who },
        {
          path: name,
          checksum: timeline.checksum,
          mtime: timeline.mtime,
          policy: 'no_duplicates',
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { status: string; file: FileRecord };
      expect(body.status).toBe('linked');
      return { timeline, album: body.file };
    },
    /**
     * A shared album of `owner` holding one file, joined by `participant` (with the album's
     * password, when `body` sets one).
     */
    async sharedWithParticipant(
      owner: Auth,
      participant: Auth,
      body: Record<string, unknown> = {},
    ): Promise<{ id: string; fileId: string }> {
      const album = await this.create(owner, { name: 'Shared', public: 1, ...body });
      const { album: file } = await this.addFile(owner, album.id);
      const joined = await call('POST', `/st/4/jobs/${album.id}/subscribe`, {
        who: participant,
        ...(typeof body.password === 'string' ? { password: body.password } : {}),
      });
      expect(joined.statusCode, joined.body).toBe(200);
      return { id: album.id, fileId: file.fileID };
    },
    /** The job's changes after `since`, as `who` reads them. */
    async changes(id: string, since: number, who: Auth): Promise<JobChanges> {
      const res = await call('GET', `/st/4/jobs/${id}/changes?since=${since}`, { who });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as JobChanges;
    },
    /** A comment on a file of the album, answered as it is. */
    comment(id: string, fileId: string, caller: Caller, comment: string) {
      return call('POST', `/st/4/jobs/${id}/files_by_id/${fileId}/comments`, caller, { comment });
    },
    async readOnly(who: Auth): Promise<void> {
      await t.store.db.updateTable('users').set({ is_read_only: 1 }).where('id', '=', who.userId).execute();
    },
  };
}
