import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { API_BASE } from '@nordlys/contract/constants';
import { DATA_COPY_COOLDOWN_MS, DATA_COPY_TOO_SOON, type DataCopy } from '@nordlys/contract/privacy';
import type { BlobStore } from '../blobs/blob-store';
import { notFound, tooManyRequests } from '../domain/errors';
import { zipStream } from '../media/zip-stream';
import type { Repositories } from '../store/repositories';
import type { DataCopyRow } from '../store/repositories/privacy.repository';
import type { Clock } from './account.service';
import type { PrivacyService } from './privacy.service';

/** Each build writes its own blob: two builds of one copy (two processes) never share a key. */
const dataCopyBlobKey = (userId: string, id: string) =>
  `data-copies/${userId}/${id}-${randomUUID().slice(0, 8)}.zip`;
/** A copy pending longer than this was left by a process that stopped: the periodic run builds it. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;
export const dataCopyDownloadPath = (id: string) => `${API_BASE}/data_protection/data_copy/${id}/download`;

export interface DataCopyDeps {
  repos: Pick<Repositories, 'privacy' | 'users' | 'usage'>;
  privacy: Pick<PrivacyService, 'consents' | 'legacy'>;
  blobs: BlobStore;
  clock: Clock;
  onFailure(id: string, error: unknown): void;
}

const toReply = (row: DataCopyRow): DataCopy => ({
  id: row.id,
  status: row.status,
  requested_at: row.requested_at,
  ready_at: row.ready_at,
  download_path: row.status === 'ready' ? dataCopyDownloadPath(row.id) : null,
});

/**
 * The copy of a user's data (account.md §4 "Data request"): once per 24 hours, a ZIP of JSON files
 * (account, files, albums, comments, consents, digital legacy) built in the background and kept as
 * a blob until the account goes. A copy left pending by a stopped process is built by the next
 * `buildPending` run.
 */
export function createDataCopyService(deps: DataCopyDeps) {
  const { repos, blobs, clock } = deps;
  const building = new Set<Promise<void>>();

  async function requireAvailable(userId: string): Promise<void> {
    const latest = await repos.privacy.latestDataCopy(userId);
    if (latest && clock() - latest.requested_at < DATA_COPY_COOLDOWN_MS)
      throw tooManyRequests(DATA_COPY_TOO_SOON);
  }

  async function entriesOf(userId: string): Promise<Record<string, unknown> | null> {
    const user = await repos.users.findById(userId);
    if (!user) return null;
    const [usage, metadata, consents, legacy] = await Promise.all([
      repos.usage.usageOf(userId),
      repos.privacy.metadataOf(userId),
      deps.privacy.consents(userId),
      deps.privacy.legacy(userId),
    ]);
    return {
      'account.json': {
        uuid: user.id,
        name: user.name,
        email: user.email,
        language: user.language,
        created_at: new Date(user.created_at).toISOString(),
        used_space: usage.usedSpace,
        file_type_counters: usage.counters,
      },
      'files.json': metadata.files,
      'albums.json': { owned: metadata.albums, joined: metadata.joined },
      'comments.json': metadata.comments,
      'consents.json': consents.consents,
      'digital-legacy.json': legacy,
    };
  }

  async function build(row: DataCopyRow): Promise<void> {
    try {
      const entries = await entriesOf(row.user_id);
      if (!entries) return;
      const mtime = new Date(row.requested_at);
      const zip = zipStream(
        Object.entries(entries).map(([name, value]) => {
          const bytes = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
          return { name, mtime, size: bytes.length, open: async () => Readable.from([bytes]) };
        }),
        new AbortController().signal,
      );
      const key = dataCopyBlobKey(row.user_id, row.id);
      await blobs.put(key, zip.stream, { contentType: 'application/zip', size: zip.size ?? undefined });
      if (
        !(await repos.privacy.finishDataCopy(row.id, { status: 'ready', blob_key: key, ready_at: clock() }))
      ) {
        await blobs.delete(key);
      }
    } catch (error) {
      deps.onFailure(row.id, error);
      await repos.privacy.finishDataCopy(row.id, { status: 'failed', blob_key: null, ready_at: clock() });
    }
  }

  function startBuilding(row: DataCopyRow): void {
    const work = build(row).finally(() => building.delete(work));
    building.add(work);
  }

  return {
    /** Answers when a copy may be requested; 429 with the spec's message within 24 hours of the last. */
    requireAvailable,

    async request(userId: string): Promise<DataCopy> {
      await requireAvailable(userId);
      const row: DataCopyRow = {
        id: randomUUID(),
        user_id: userId,
        status: 'pending',
        blob_key: null,
        requested_at: clock(),
        ready_at: null,
      };
      await repos.privacy.insertDataCopy(row);
      startBuilding(row);
      return toReply(row);
    },

    /** The newest copy requested, or null before the first. */
    async latest(userId: string): Promise<DataCopy | null> {
      const row = await repos.privacy.latestDataCopy(userId);
      return row ? toReply(row) : null;
    },

    /** The ZIP of a ready copy of the caller's; another user's id is as unknown as a made-up one. */
    async open(userId: string, id: string): Promise<{ stream: NodeJS.ReadableStream; requestedAt: number }> {
      const row = await repos.privacy.findDataCopy(id);
      if (!row || row.user_id !== userId || row.status !== 'ready' || !row.blob_key) {
        throw notFound('No such copy of your data');
      }
      return { stream: await blobs.get(row.blob_key), requestedAt: row.requested_at };
    },

    /** Builds copies a stopped process left pending (the periodic run). */
    async buildPending(): Promise<number> {
      const rows = await repos.privacy.pendingDataCopies(clock() - ABANDONED_AFTER_MS, 20);
      for (const row of rows) await build(row);
      return rows.length;
    },

    /** Waits for the copies under way (tests, shutdown). */
    async settle(): Promise<void> {
      while (building.size > 0) await Promise.all([...building]);
    },
  };
}

export type DataCopyService = ReturnType<typeof createDataCopyService>;
