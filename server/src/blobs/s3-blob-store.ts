import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertValidBlobKey,
  assertValidBlobPrefix,
  isValidBlobKey,
  RESERVED_FIRST_SEGMENT,
} from './blob-key';
import {
  BlobNotFoundError,
  type BlobPutOptions,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  InvalidRangeError,
  STALE_UPLOAD_AGE_MS,
} from './blob-store';
import { abortError, assertValidRange, ByteCounter, beginPut, destroyQuietly } from './blob-stream';

export interface S3BlobStoreOptions {
  /** Omit for AWS itself; set for MinIO, Garage, R2, Ceph ... */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Omit both to use the SDK's default chain (env vars, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Defaults to true when `endpoint` is set: most self-hosted stores have no per-bucket DNS. */
  forcePathStyle?: boolean;
  /** Lets several installations (or test runs) share one bucket. A valid key; '/' is appended. */
  prefix?: string;
}

/**
 * Memory per upload is about (queueSize + 1) parts whatever the body size. S3 allows 10,000 parts,
 * so 8 MiB parts cap a body of unknown size at 80 GiB; a declared size grows the parts instead.
 */
export const S3_PART_SIZE = 8 * 1024 * 1024;
export const S3_UPLOAD_QUEUE_SIZE = 2;
const S3_MAX_PARTS = 10_000;
const MIB = 1024 * 1024;

/** Under the reserved first segment, so list() never shows them as blobs. */
const UNFINISHED_MARKERS = `${RESERVED_FIRST_SEGMENT}/multipart/`;

export function partSizeFor(expectedSize: number | undefined): number {
  if (expectedSize === undefined) return S3_PART_SIZE;
  return Math.max(S3_PART_SIZE, Math.ceil(expectedSize / S3_MAX_PARTS / MIB) * MIB);
}

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;
  private readonly keyPrefix: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.keyPrefix = options.prefix ? `${assertValidBlobKey(options.prefix)}/` : '';
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
      // The SDK's newer default adds CRC trailers (aws-chunked bodies) that many S3-compatible
      // stores reject or store verbatim; content integrity is ours anyway (SHA-256 per content).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    }
    this.client = new S3Client(config);
  }

  /** Creates the bucket if it does not exist yet (tests, first start of a scaled-out setup). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (!isNotFound(error) && (error as Error).name !== 'NoSuchBucket') throw error;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Another instance won the race; that is the outcome we wanted.
      if ((error as Error).name !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }

  async put(
    key: string,
    body: NodeJS.ReadableStream | Buffer,
    opts: BlobPutOptions = {},
  ): Promise<{ size: number }> {
    const { signal } = opts;
    const { source, target: objectKey } = beginPut(body, opts, () => this.objectKey(key));

    // Every body, Buffer or stream, goes through the counter so abort and errors take one path:
    // destroying the counter fails the part reader, and Upload only settles once in-flight parts have.
    const counter = new ByteCounter(opts.size);
    let sourceError: Error | undefined;
    const recordSourceError = (error: Error | null | undefined) => {
      if (error) sourceError ??= error;
    };
    pipeline(source, counter, recordSourceError);
    counter.on('error', recordSourceError);
    const onAbort = () => counter.destroy(abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });

    const upload = new Upload({
      client: this.trackingClient(),
      params: { Bucket: this.bucket, Key: objectKey, Body: counter, ContentType: opts.contentType },
      partSize: partSizeFor(opts.size),
      queueSize: S3_UPLOAD_QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      counter.destroy();
      if (signal?.aborted) throw abortError(signal);
      // Upload may replace the body's error with a failed AbortMultipartUpload; the body's is the cause.
      throw sourceError ?? error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (signal?.aborted) {
      // Aborted after the last byte was read but before we returned: honour "rejects, leaves nothing".
      await this.delete(key);
      throw abortError(signal);
    }
    return { size: counter.bytes };
  }

  async get(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
    const objectKey = this.objectKey(key);
    if (range) assertValidRange(range);
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const body = response.Body as NodeJS.ReadableStream;
      // Some servers answer a range on an empty object with 206 "bytes 0-0/0" instead of 416.
      const total = totalOfContentRange(response.ContentRange);
      if (range && total !== undefined && range.start >= total) {
        destroyQuietly(body);
        throw new InvalidRangeError(`range starts at ${range.start}, blob has ${total} bytes`);
      }
      return body;
    } catch (error) {
      if (error instanceof InvalidRangeError) throw error;
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      if (httpStatus(error) === 416) {
        throw new InvalidRangeError(`range starting at ${range?.start} is not satisfiable`, { cause: error });
      }
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    const objectKey = this.objectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return { size: head.ContentLength ?? 0, mtime: head.LastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Objects are not files here: readers fetch them with get(), which reports an absent one. */
  async localFile(key: string): Promise<null> {
    this.objectKey(key);
    return null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** S3 DeleteObject already succeeds for absent keys. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertValidBlobPrefix(prefix);
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: this.keyPrefix + prefix },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.keyPrefix.length);
        if (isValidBlobKey(key)) yield key;
      }
    }
  }

  /**
   * Aborts the multipart uploads a crashed process left unfinished (their parts are stored, and
   * billed, until then), found by their markers, once untouched for `olderThanMs`. A marker is
   * kept while its upload could not be aborted, so the next sweep tries again.
   */
  async sweepUnfinished({
    olderThanMs = STALE_UPLOAD_AGE_MS,
  }: {
    olderThanMs?: number;
  } = {}): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    const prefix = this.keyPrefix + UNFINISHED_MARKERS;
    let aborted = 0;
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: prefix },
    )) {
      for (const object of page.Contents ?? []) {
        if (!object.Key || (object.LastModified?.getTime() ?? 0) > cutoff) continue;
        const marker = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: object.Key }));
        const { key, uploadId } = JSON.parse((await marker.Body?.transformToString()) ?? '{}') as {
          key?: string;
          uploadId?: string;
        };
        if (key && uploadId) {
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
          );
        }
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
        aborted += 1;
      }
    }
    return aborted;
  }

  async ping(signal: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /**
   * The client a multipart Upload talks through: each multipart upload it begins gets a marker
   * object (S3 can list unfinished uploads, but not every S3-compatible store implements it),
   * removed once the upload is completed or aborted. A process killed mid-upload leaves the marker,
   * and sweepUnfinished aborts the upload.
   */
  private trackingClient(): S3Client {
    const { client, bucket } = this;
    const markerKey = (uploadId: string) =>
      `${this.keyPrefix}${UNFINISHED_MARKERS}${createHash('sha256').update(uploadId).digest('hex')}`;
    const send = async (command: Parameters<S3Client['send']>[0]) => {
      const result = await client.send(command as never);
      if (command instanceof CreateMultipartUploadCommand) {
        const uploadId = (result as { UploadId?: string }).UploadId;
        if (uploadId) {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: markerKey(uploadId),
              Body: JSON.stringify({ key: command.input.Key, uploadId }),
              ContentType: 'application/json',
            }),
          );
        }
      } else if (
        command instanceof CompleteMultipartUploadCommand ||
        command instanceof AbortMultipartUploadCommand
      ) {
        const uploadId = command.input.UploadId;
        if (uploadId)
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: markerKey(uploadId) }));
      }
      return result;
    };
    return { config: client.config, send } as unknown as S3Client;
  }

  private objectKey(key: string): string {
    return this.keyPrefix + assertValidBlobKey(key);
  }
}

function totalOfContentRange(contentRange: string | undefined): number | undefined {
  const match = contentRange ? /\/(\d+)$/.exec(contentRange) : null;
  return match ? Number(match[1]) : undefined;
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/**
 * HeadObject has no body, so its 404 arrives as a bare 'NotFound'; GetObject says 'NoSuchKey'.
 * A missing bucket is a misconfiguration, not a missing blob, so it is let through where visible.
 */
function isNotFound(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'NoSuchBucket') return false;
  return name === 'NotFound' || name === 'NoSuchKey' || httpStatus(error) === 404;
}
