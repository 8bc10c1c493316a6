import { createHash, randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_UPLOAD_AGE_MS } from '../src/blobs/blob-store';
import { FsBlobStore } from '../src/blobs/fs-blob-store';
import { TusBlobDatastore } from '../src/blobs/tus-blob-datastore';
import { createBlobSweepService } from '../src/services/blob-sweep.service';
import { TUS_EXPIRY_MS } from '../src/services/resumable-upload.service';
import { openStore } from '../src/store/database';
import { createRepositories } from '../src/store/repositories';
import { useBuiltServer } from './built-server';
import { createUserIn } from './process-user';
import { seededRandom } from './seeded-random';
import { CrashingServer, callServer } from './server-process';
import { usedSpaceBesideStored } from './storage-invariants';
import { createTestDatabase, databaseKinds, makeTempDir, type TestDatabase } from './test-database';
import { multipartBody } from './upload-helpers';

/**
 * A real server process killed with SIGKILL at random moments of uploads (multipart and tus), trash
 * restores, album deletions and archive downloads; each operation cut is resumed or retried the
 * way a client would after the restart. Afterwards the books must balance exactly.
 *
 * The counts and the number of kills come from the environment (CRASH_UPLOADS, CRASH_RESTORES,
 * CRASH_ALBUM_DELETIONS, CRASH_ARCHIVES, CRASH_KILLS); CRASH_SEED repeats a run's choices.
 */
const envCount = (name: string, fallback: number) => {
  const raw = process.env[name];
  return raw && Number.isInteger(Number(raw)) && Number(raw) >= 0 ? Number(raw) : fallback;
};
const SEED = envCount('CRASH_SEED', randomInt(2 ** 31));
const UPLOADS = envCount('CRASH_UPLOADS', 100);
const RESTORES = envCount('CRASH_RESTORES', 100);
const ALBUM_DELETIONS = envCount('CRASH_ALBUM_DELETIONS', 20);
const ARCHIVES = envCount('CRASH_ARCHIVES', 20);
const KILLS = envCount('CRASH_KILLS', 8);

const KIB = 1024;
const TUS_CHUNK = 256 * KIB;
const photo = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/photo-exif.jpg'));

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

interface FileRecordLike {
  fileID: string;
  path: string;
  size: number;
  checksum: string;
  previewURL: string | null;
}

const serverEntry = useBuiltServer();
beforeAll(() => {
  console.log(
    `crash loops: seed ${SEED} (CRASH_SEED=${SEED} repeats it); ${UPLOADS} uploads, ${RESTORES} restores, ` +
      `${ALBUM_DELETIONS} album deletions, ${ARCHIVES} archives, ${KILLS} kills per database`,
  );
});

describe.each(databaseKinds)('crash loops on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  let auth: string;
  let crashing: CrashingServer;

  beforeAll(async () => {
    dataDir = makeTempDir();
    database = await createTestDatabase(kind, dataDir);
    auth = await createUserIn(database.config, 'Loops');
    crashing = new CrashingServer(serverEntry(), {
      DATA_DIR: dataDir,
      ...(database.config.kind === 'postgres' ? { DATABASE_URL: database.config.url } : {}),
    });
  }, 60_000);
  afterAll(async () => {
    await crashing?.stop();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no half file, no orphan, exact used_space, and resumable uploads that finish from their offset', async () => {
    const random = seededRandom(SEED + (kind === 'postgres' ? 1 : 0));
    const began = Date.now();
    const phase = (what: string) =>
      console.log(`crash loops on ${kind}: ${what} after ${((Date.now() - began) / 1000).toFixed(1)} s`);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    await crashing.start();

    const call = async (method: string, url: string, body?: unknown) => {
      const res = await callServer(crashing.baseUrl, auth, method, url, body);
      return { ...res, json: () => JSON.parse(res.text) };
    };
    const expectOk = async (method: string, url: string, body?: unknown, status = 200) => {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(status);
      return res.status === 204 ? null : res.json();
    };

    // Which operations are cut: about KILLS of them, shared by the four kinds by their counts, and
    // at least two of each kind there is.
    type Kind = 'upload' | 'restore' | 'album' | 'archive';
    const counts: Record<Kind, number> = {
      upload: UPLOADS,
      restore: RESTORES,
      album: ALBUM_DELETIONS,
      archive: ARCHIVES,
    };
    const total = UPLOADS + RESTORES + ALBUM_DELETIONS + ARCHIVES;
    const killAt = {} as Record<Kind, Set<number>>;
    const done = { upload: 0, restore: 0, album: 0, archive: 0 };
    let planned = 0;
    for (const [opKind, count] of Object.entries(counts) as Array<[Kind, number]>) {
      const wanted = Math.min(count, Math.max(2, Math.round((KILLS * count) / total)));
      killAt[opKind] = new Set();
      while (killAt[opKind].size < wanted) killAt[opKind].add(Math.floor(random() * count));
      planned += wanted;
    }
    let kills = 0;
    /**
     * Runs `action`; when this operation is one to cut, kills the server `killAfterMs` into it (or
     * when `action` calls the kill itself), restarts it, and runs `recover`, which must bring the
     * operation to its end as a client would.
     */
    async function operation(
      opKind: Kind,
      killAfterMs: number,
      action: (cut: { kill?: () => Promise<void> }) => Promise<void>,
      recover: () => Promise<void>,
    ) {
      const cutThis = killAt[opKind].has(done[opKind]);
      done[opKind] += 1;
      if (!cutThis) return action({});
      kills += 1;
      let killed: Promise<void> | undefined;
      const kill = () => {
        killed ??= crashing.kill9();
        return killed;
      };
      const timer = setTimeout(kill, killAfterMs);
      // The action fails when its connection dies; what it reached is what recover finds.
      await action({ kill }).catch(() => undefined);
      clearTimeout(timer);
      await kill();
      await crashing.start();
      await recover();
    }

    // --- Uploads: multipart and tus, documents and pictures, each under its own path.
    interface Upload {
      path: string;
      data: Buffer;
      tus: boolean;
    }
    const uploads: Upload[] = [];
    for (let i = 0; i < UPLOADS; i += 1) {
      const isPhoto = i % 10 === 3;
      const tus = random() < 0.5;
      // A picture gets unique bytes after its end, so every upload is a content of its own.
      const data = isPhoto
        ? Buffer.concat([photo, Buffer.from(`${SEED}:${i}:${randomUUID()}`)])
        : Buffer.alloc(64 * KIB + Math.floor(random() * (tus ? 1200 : 600) * KIB), `${kind}:${i}:${SEED}|`);
      uploads.push({ path: `loops/${i}.${isPhoto ? 'jpg' : 'bin'}`, data, tus });
    }

    const multipart = async (upload: Upload) => {
      const { body, contentType } = multipartBody(
        { path: upload.path, mtime: '1700000000', policy: 'no_duplicates', checksum: sha256(upload.data) },
        { name: path.basename(upload.path), data: upload.data },
      );
      const res = await fetch(`${crashing.baseUrl}/st/4/jobs/default/upload`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      expect([200, 201], await res.text()).toContain(res.status);
    };

    /** A tus upload's progress as its client knows it. */
    interface TusState {
      location?: string;
      /** The offset the server last confirmed. */
      confirmed: number;
      /** Bytes handed to a PATCH so far: the server can hold no more than this. */
      sent: number;
    }
    const tusHeaders = (extra: Record<string, string>) => ({
      authorization: auth,
      'tus-resumable': '1.0.0',
      ...extra,
    });
    async function tusCreate(upload: Upload, state: TusState) {
      const created = await fetch(`${crashing.baseUrl}/st/4/tus`, {
        method: 'POST',
        headers: tusHeaders({
          'upload-length': String(upload.data.length),
          'upload-metadata': tusMetadata({
            path: upload.path,
            mtime: '1700000000',
            checksum: sha256(upload.data),
            policy: 'no_duplicates',
          }),
        }),
      });
      expect(created.status).toBe(201);
      state.location = new URL(created.headers.get('location') as string, crashing.baseUrl).pathname;
    }
    /** PATCHes from `state.confirmed` to the end in chunks; answers the bytes it sent. */
    async function tusSendRest(upload: Upload, state: TusState): Promise<number> {
      let sentNow = 0;
      while (state.confirmed < upload.data.length) {
        const chunk = upload.data.subarray(state.confirmed, state.confirmed + TUS_CHUNK);
        state.sent = Math.max(state.sent, state.confirmed + chunk.length);
        sentNow += chunk.length;
        const res = await fetch(`${crashing.baseUrl}${state.location}`, {
          method: 'PATCH',
          headers: tusHeaders({
            'upload-offset': String(state.confirmed),
            'content-type': 'application/offset+octet-stream',
          }),
          body: new Uint8Array(chunk),
        });
        expect(res.status, await res.text()).toBe(204);
        state.confirmed = Number(res.headers.get('upload-offset'));
      }
      return sentNow;
    }
    async function tusOutcome(state: TusState): Promise<{ status: string; file?: FileRecordLike }> {
      const id = state.location?.split('/').pop();
      const deadline = Date.now() + 30_000;
      for (;;) {
        const outcome = await expectOk('GET', `/st/4/uploads/${id}`);
        if (outcome.status !== 'processing' || Date.now() > deadline) return outcome;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const tusChecks: Array<{ path: string; offset: number; confirmed: number; sent: number; rest: number }> =
      [];

    for (const upload of uploads) {
      if (!upload.tus) {
        await operation(
          'upload',
          random() * 80,
          () => multipart(upload),
          () => multipart(upload),
        );
        continue;
      }
      const state: TusState = { confirmed: 0, sent: 0 };
      await operation(
        'upload',
        random() * 120,
        async () => {
          await tusCreate(upload, state);
          await tusSendRest(upload, state);
        },
        async () => {
          if (!state.location) {
            // Cut before the creation answered: the client begins again.
            await tusCreate(upload, state);
            await tusSendRest(upload, state);
            return;
          }
          const head = await fetch(`${crashing.baseUrl}${state.location}`, {
            method: 'HEAD',
            headers: tusHeaders({}),
          });
          if (head.status === 200) {
            // Still receiving: it continues at the offset the server kept, never before what it
            // confirmed, never past what was sent; and only the rest is sent.
            const offset = Number(head.headers.get('upload-offset'));
            const before = { ...state };
            state.confirmed = offset;
            const rest = await tusSendRest(upload, state);
            tusChecks.push({
              path: upload.path,
              offset,
              confirmed: before.confirmed,
              sent: before.sent,
              rest,
            });
          } else {
            // The last byte had arrived: the upload ended, and its outcome says how.
            expect(head.status).toBe(404);
            tusChecks.push({
              path: upload.path,
              offset: upload.data.length,
              confirmed: state.confirmed,
              sent: state.sent,
              rest: 0,
            });
          }
          const outcome = await tusOutcome(state);
          expect(outcome, upload.path).toMatchObject({
            status: 'done',
            file: { path: upload.path, checksum: sha256(upload.data), size: upload.data.length },
          });
        },
      );
    }

    phase(
      `uploads done (${kills} kills; resumed tus uploads at [offset, confirmed, sent]: ${JSON.stringify(tusChecks.map((c) => [c.offset, c.confirmed, c.sent]))})`,
    );
    for (const check of tusChecks) {
      expect(check.offset, check.path).toBeGreaterThanOrEqual(check.confirmed);
      expect(check.offset, check.path).toBeLessThanOrEqual(check.sent);
      const upload = uploads.find((u) => u.path === check.path) as Upload;
      expect(check.rest, check.path).toBe(upload.data.length - check.offset);
    }

    const listFiles = async (): Promise<FileRecordLike[]> =>
      (await expectOk('GET', '/st/4/jobs/default/files?limit=10000')).files;
    let live = await listFiles();
    expect(live.map((f) => f.path).sort()).toEqual(uploads.map((u) => u.path).sort());
    const liveIds = live.map((f) => f.fileID);

    // --- Restores, album deletions and archive downloads, interleaved.
    type Step = Exclude<Kind, 'upload'>;
    const steps: Step[] = [
      ...Array<Step>(RESTORES).fill('restore'),
      ...Array<Step>(ALBUM_DELETIONS).fill('album'),
      ...Array<Step>(ARCHIVES).fill('archive'),
    ];
    for (let i = steps.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [steps[i], steps[j]] = [steps[j] as Step, steps[i] as Step];
    }

    const restoreOne = async (fileId: string) => {
      const outcome = await expectOk('POST', '/st/4/trash_can/restore', { file_uuids: [fileId] });
      expect(outcome.results).toEqual([{ file_uuid: fileId, status: 'ok' }]);
    };
    const trashOne = (fileId: string) =>
      call('POST', '/st/4/jobs/default/delete_files', { file_uuids: [fileId] });

    let albumNumber = 0;
    const spent: Record<Step, number> = { restore: 0, album: 0, archive: 0 };
    for (const step of steps) {
      const stepBegan = Date.now();
      if (step === 'restore') {
        const fileId = pick(liveIds);
        await operation(
          'restore',
          random() * 30,
          async () => {
            expect((await trashOne(fileId)).status).toBe(200);
            await restoreOne(fileId);
          },
          () => restoreOne(fileId),
        );
      } else if (step === 'album') {
        albumNumber += 1;
        const name = `Loop album ${albumNumber}`;
        const members = [pick(uploads), pick(uploads)];
        const own = Buffer.alloc(200 * KIB + Math.floor(random() * 400 * KIB), `${name}|${SEED}|`);
        const deleteAlbum = async (recovering: boolean) => {
          const albums: Array<{ id: string; name: string }> = (await expectOk('GET', '/st/4/jobs?stories=1'))
            .jobs;
          const live = albums.find((a) => a.name === name);
          if (live) await expectOk('DELETE', `/st/4/jobs/${live.id}`, undefined, 204);
          const trashed: Array<{ id: string; name: string }> = await expectOk(
            'GET',
            '/st/4/trash_can_albums',
          );
          const gone = trashed.find((a) => a.name === name);
          if (gone) {
            const res = await call('DELETE', '/st/4/delete_albums_from_trash_can', { job_uuids: [gone.id] });
            expect(res.status, res.text).toBe(200);
          }
          // After a restart it may already be gone for good: the cut request got that far.
          if (!recovering) expect(live ?? gone, `${name} was created`).toBeDefined();
        };
        const create = async () => {
          const album = await expectOk('POST', '/st/4/jobs', { type: 'story', name }, 201);
          for (const member of members) {
            await expectOk('POST', `/st/4/jobs/${album.id}/files_dedup`, {
              path: member.path,
              checksum: sha256(member.data),
              mtime: 1700000000,
            });
          }
          // A file of the album's own: its bytes go with the album.
          const { body, contentType } = multipartBody(
            { path: `${name}.bin`, mtime: '1700000000' },
            { name: `${name}.bin`, data: own },
          );
          const res = await fetch(`${crashing.baseUrl}/st/4/jobs/${album.id}/upload`, {
            method: 'POST',
            headers: { authorization: auth, 'content-type': contentType },
            body: new Uint8Array(body),
          });
          expect(res.status, await res.text()).toBe(201);
        };
        await create();
        await operation(
          'album',
          random() * 40,
          () => deleteAlbum(false),
          () => deleteAlbum(true),
        );
      } else {
        const chosen = [...new Set(Array.from({ length: 12 }, () => pick(live)))];
        const download = async (cut: { kill?: () => Promise<void> }) => {
          const res = await fetch(`${crashing.baseUrl}/st/4/jobs/default/files_as_archive`, {
            method: 'POST',
            headers: { authorization: auth, 'content-type': 'application/json' },
            body: JSON.stringify({ file_ids: chosen.map((f) => f.fileID), flattened: false }),
          });
          expect(res.status).toBe(200);
          const declared = Number(res.headers.get('content-length'));
          const stopAt = cut.kill ? Math.floor(random() * declared) : Number.POSITIVE_INFINITY;
          const chunks: Buffer[] = [];
          let received = 0;
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
            chunks.push(Buffer.from(chunk));
            received += chunk.length;
            if (received >= stopAt) await cut.kill?.();
          }
          const zip = Buffer.concat(chunks);
          expect(zip.length).toBe(declared);
          expect(zipEntrySizes(zip).sort()).toEqual(chosen.map((f) => f.size).sort());
        };
        // The kill comes mid-stream (the download calls it) or, failing that, after a while.
        await operation('archive', 60_000, download, () => download({}));
      }
      spent[step] += Date.now() - stepBegan;
    }
    console.log(`crash loops on ${kind}: ms spent by kind ${JSON.stringify(spent)}`);
    expect(kills).toBe(planned);
    phase(`restores, album deletions and archives done (${kills} kills in all)`);

    // --- The books, as the API shows them: every file whole, nothing left in the trash.
    live = await listFiles();
    expect(live.map((f) => f.path).sort()).toEqual(uploads.map((u) => u.path).sort());
    for (const file of live) {
      const upload = uploads.find((u) => u.path === file.path) as Upload;
      expect(file.checksum, file.path).toBe(sha256(upload.data));
      expect(file.size, file.path).toBe(upload.data.length);
      const bytes = Buffer.from(
        await (await fetch(new URL(file.previewURL as string, crashing.baseUrl))).arrayBuffer(),
      );
      expect(bytes.length, file.path).toBe(file.size);
      expect(sha256(bytes), file.path).toBe(file.checksum);
    }
    expect((await expectOk('GET', '/st/4/trash_can')).files).toEqual([]);
    expect(await expectOk('GET', '/st/4/trash_can_albums')).toEqual([]);
    expect((await expectOk('GET', '/st/4/jobs?stories=1')).jobs).toEqual([]);
    await crashing.kill9();
    phase('every file read back');

    // An hour on, as far as staged leftovers can tell; the next start clears them.
    const tempDir = path.join(dataDir, 'blobs', '.tmp');
    const anHourAgo = new Date(Date.now() - STALE_UPLOAD_AGE_MS - 60_000);
    for (const name of fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []) {
      fs.utimesSync(path.join(tempDir, name), anHourAgo, anHourAgo);
    }
    await crashing.start();
    await crashing.kill9();
    expect(fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []).toEqual([]);

    // --- The books, as stored: the sweep leaves every blob owned and every row with its bytes.
    const store = await openStore(database.config);
    const blobs = new FsBlobStore(path.join(dataDir, 'blobs'));
    try {
      const { db } = store;
      const repos = createRepositories(store);
      // A day on: a resumable upload whose creation answer a kill cut off was begun again by the
      // client, and the first one expires; so do the outcomes kept for reloading clients.
      const aDayOn = () => Date.now() + TUS_EXPIRY_MS + 60_000;
      await new TusBlobDatastore({
        blobs,
        repo: repos.tusUploads,
        expiryMs: TUS_EXPIRY_MS,
        clock: aDayOn,
      }).deleteExpired();
      await createBlobSweepService({ repos, blobs, clock: Date.now }).sweep({ olderThanMs: -60_000 });

      const contents = await db
        .selectFrom('contents')
        .select(['sha256', 'blob_key', 'size', 'ref_count'])
        .execute();
      expect(contents.map((c) => c.sha256).sort()).toEqual(uploads.map((u) => sha256(u.data)).sort());
      for (const content of contents) {
        expect((await blobs.stat(content.blob_key))?.size, content.blob_key).toBe(Number(content.size));
        expect(Number(content.ref_count), content.sha256).toBe(1);
      }
      const files = await db.selectFrom('files').select(['content_sha256', 'deleted_at', 'job_id']).execute();
      expect(files).toHaveLength(uploads.length);
      expect(files.every((f) => f.deleted_at === null)).toBe(true);
      expect(await db.selectFrom('jobs').select('id').where('deleted_at', 'is not', null).execute()).toEqual(
        [],
      );
      expect(await db.selectFrom('tus_uploads').select(['id', 'status']).execute()).toEqual([]);
      expect(await db.selectFrom('tus_parts').select('blob_key').execute()).toEqual([]);

      // Every blob left has its row: content bytes, a content's derived files, nothing else.
      const keys: string[] = [];
      for (const prefix of ['content/', 'derived/', 'tus/', 'profile-pictures/']) {
        for await (const key of blobs.list(prefix)) keys.push(key);
      }
      const owned = new Set(contents.map((c) => c.blob_key));
      const shas = new Set(contents.map((c) => c.sha256));
      expect(keys.filter((key) => !owned.has(key) && !shas.has(key.split('/')[1] ?? ''))).toEqual([]);

      const [usage, ...others] = await usedSpaceBesideStored(db);
      expect(others).toEqual([]);
      expect(usage?.usedSpace).toBe(usage?.stored);
      expect(usage?.usedSpace).toBe(uploads.reduce((sum, u) => sum + u.data.length, 0));
    } finally {
      await store.close();
    }
  }, 600_000);
});

/** The uncompressed size of every entry, from a ZIP's central directory (ZIP64 end record read). */
function zipEntrySizes(zip: Buffer): number[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  let count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const end64 = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
  if (end64 >= 0) {
    count = Number(zip.readBigUInt64LE(end64 + 32));
    offset = Number(zip.readBigUInt64LE(end64 + 48));
  }
  const sizes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50);
    let size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    if (size === 0xffffffff) {
      // The ZIP64 extra field holds the real size first.
      let extra = offset + 46 + nameLength;
      const extraEnd = extra + extraLength;
      while (extra < extraEnd) {
        const id = zip.readUInt16LE(extra);
        const length = zip.readUInt16LE(extra + 2);
        if (id === 0x0001) size = Number(zip.readBigUInt64LE(extra + 4));
        extra += 4 + length;
      }
    }
    sizes.push(size);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return sizes;
}
