import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { BlobStore } from './blob-store';

/**
 * A part's blob: the upload's folder, the part's first byte as a fixed-width number, and a random
 * suffix, so two PATCHes racing for one offset never write, or delete, each other's bytes.
 */
export const tusPartKey = (id: string, start: number) =>
  `tus/${id}/${String(start).padStart(16, '0')}-${randomBytes(6).toString('hex')}`;

/** Where a part's bytes start in the upload, how many there are, and the blob that holds them. */
export interface TusPart {
  part_start: number;
  size: number;
  blob_key: string;
}

/**
 * The uploads' state, kept in the database (the tus-upload repository) so that any process can
 * continue an upload another one began.
 */
export interface TusUploadLedger {
  create(row: {
    id: string;
    user_id: string;
    size: number | null;
    metadata: string;
    created_at: number;
  }): Promise<void>;
  find(
    id: string,
  ): Promise<
    | { status: string; received: number; size: number | null; metadata: string; created_at: number }
    | undefined
  >;
  setSize(id: string, size: number, at: number): Promise<void>;
  parts(id: string): Promise<TusPart[]>;
  /** False when another request recorded a part at that start first. */
  addPart(id: string, part: TusPart, at: number): Promise<boolean>;
  deleteParts(id: string): Promise<void>;
  delete(id: string): Promise<void>;
  /** Uploads still receiving that began before `createdBefore`, and ended ones untouched since `endedBefore`. */
  stale(createdBefore: number, endedBefore: number): Promise<string[]>;
}

export interface TusBlobDatastoreDeps {
  blobs: BlobStore;
  repo: TusUploadLedger;
  expiryMs: number;
  clock: () => number;
  /** Tests make it smaller; TUS_SEGMENT_BYTES otherwise. */
  segmentBytes?: number;
}

/**
 * A PATCH is stored in segments of this many bytes, each a part recorded as soon as it is
 * complete, so a process killed mid-PATCH loses at most the segment in flight, however large the
 * PATCH: the offset after a restart covers every segment that arrived before.
 */
export const TUS_SEGMENT_BYTES = 8 * 1024 * 1024;

/**
 * The body's chunks, ending where its bytes stop: a client gone mid-PATCH ends the part there
 * instead of failing it, so the bytes that arrived are kept.
 */
async function* untilCut(readable: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of readable) yield chunk as Buffer;
  } catch {
    // The body failed (client gone); what arrived before stays.
  }
}

/**
 * A tus datastore that any API process can continue: the upload's state is in the database and
 * its bytes in the blob store (folder or S3), one blob per PATCH segment. A PATCH cut off mid-way
 * keeps the bytes that arrived, as a file on disk would, so the client resumes from the last byte
 * received; a process killed mid-PATCH keeps every segment it completed. Two processes writing the same offset at once cannot both commit: the database takes
 * the first and the other PATCH answers 409.
 */
export class TusBlobDatastore extends DataStore {
  constructor(private readonly deps: TusBlobDatastoreDeps) {
    super();
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    const userId = upload.metadata?.user_id;
    if (!userId) throw ERRORS.FILE_WRITE_ERROR;
    await this.deps.repo.create({
      id: upload.id,
      user_id: userId,
      size: upload.size ?? null,
      metadata: JSON.stringify(upload.metadata ?? {}),
      created_at: this.deps.clock(),
    });
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const row = await this.deps.repo.find(id);
    if (row?.status !== 'uploading') throw ERRORS.FILE_NOT_FOUND;
    if (row.received !== offset) throw ERRORS.INVALID_OFFSET;
    const segmentBytes = this.deps.segmentBytes ?? TUS_SEGMENT_BYTES;
    const chunks = untilCut(readable);
    let leftover: Buffer | undefined;
    // Each segment's bytes, at most segmentBytes of them, taken from the body in order.
    async function* segment(): AsyncGenerator<Buffer> {
      let size = 0;
      while (size < segmentBytes) {
        const next = leftover ?? (await chunks.next()).value;
        leftover = undefined;
        if (!next) return;
        const room = segmentBytes - size;
        if (next.length > room) {
          leftover = next.subarray(room);
          yield next.subarray(0, room);
          return;
        }
        size += next.length;
        yield next;
      }
    }
    let position = offset;
    for (;;) {
      const size = await this.writePart(id, position, Readable.from(segment()));
      position += size;
      if (size < segmentBytes) return position;
    }
  }

  /** Stores one segment as a part and records it; answers its size (0: nothing was stored). */
  private async writePart(id: string, start: number, body: Readable): Promise<number> {
    const { blobs, repo, clock } = this.deps;
    const key = tusPartKey(id, start);
    let size: number;
    try {
      ({ size } = await blobs.put(key, body));
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    if (size === 0) {
      await blobs.delete(key);
      return 0;
    }
    if (!(await repo.addPart(id, { part_start: start, size, blob_key: key }, clock()))) {
      await blobs.delete(key).catch(() => undefined);
      throw ERRORS.INVALID_OFFSET;
    }
    return size;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.deps.repo.find(id);
    // An ended upload is no longer a tus resource; its outcome is read from the status route.
    if (row?.status !== 'uploading') throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size ?? undefined,
      offset: row.received,
      metadata: JSON.parse(row.metadata) as Record<string, string | null>,
      creation_date: new Date(row.created_at).toISOString(),
    });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    if (!(await this.deps.repo.find(id))) throw ERRORS.FILE_NOT_FOUND;
    await this.deps.repo.setSize(id, length, this.deps.clock());
  }

  /** The received bytes in order, read part after part. */
  read(id: string): Readable {
    const { blobs, repo } = this.deps;
    return Readable.from(
      (async function* () {
        for (const part of await repo.parts(id)) yield* (await blobs.get(part.blob_key)) as Readable;
      })(),
    );
  }

  /** Deletes the parts' blobs and rows, keeping the upload's row (its outcome). */
  async removeParts(id: string): Promise<void> {
    const { blobs, repo } = this.deps;
    for (const part of await repo.parts(id)) await blobs.delete(part.blob_key);
    await repo.deleteParts(id);
  }

  override async remove(id: string): Promise<void> {
    if (!(await this.deps.repo.find(id))) throw ERRORS.FILE_NOT_FOUND;
    await this.removeParts(id);
    await this.deps.repo.delete(id);
  }

  /** Unfinished uploads past their expiry, and outcomes kept as long after their end. */
  override async deleteExpired(): Promise<number> {
    const cutoff = this.deps.clock() - this.deps.expiryMs;
    const stale = await this.deps.repo.stale(cutoff, cutoff);
    for (const id of stale) await this.remove(id).catch(() => undefined);
    return stale.length;
  }

  override getExpiration(): number {
    return this.deps.expiryMs;
  }
}
