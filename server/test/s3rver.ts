import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

/**
 * An S3 server on loopback for the calling test file, started by the first test that asks for its
 * endpoint and stopped after the file's tests. Call at the top level of a test file.
 */
export function useS3rver(bucket: string): {
  endpoint(): Promise<string>;
  /** Ids of the multipart uploads begun in the bucket and neither completed nor aborted. */
  unfinishedUploads(): Promise<string[]>;
  /** Parts stored whole (s3rver writes a part's checksum file once its bytes are in), over all unfinished uploads. */
  storedParts(): Promise<number>;
} {
  let starting: Promise<{ endpoint: string; uploadsDir: string; close: () => Promise<void> }> | undefined;
  afterAll(async () => {
    await (await starting)?.close();
  });
  return {
    async endpoint() {
      starting ??= (async () => {
        const directory = await mkdtemp(path.join(os.tmpdir(), 'nordlys-s3rver-'));
        const instance = new S3rver({
          port: 0,
          address: '127.0.0.1',
          silent: true,
          directory,
          configureBuckets: [{ name: bucket }],
        });
        // s3rver keeps each multipart upload's parts in a folder until it completes, but answers
        // AbortMultipartUpload with 405; this does what S3 does: the parts are gone.
        const uploadsDir = instance.store.getResourcePath(bucket, undefined, 'uploads');
        instance.middleware.unshift(async (ctx, next) => {
          const uploadId = ctx.query.uploadId;
          if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
          await rm(path.join(uploadsDir, path.basename(uploadId)), { recursive: true, force: true });
          ctx.status = 204;
        });
        const { port } = await instance.run();
        return {
          endpoint: `http://127.0.0.1:${port}`,
          uploadsDir,
          close: async () => {
            await instance.close();
            await rm(directory, { recursive: true, force: true });
          },
        };
      })();
      return (await starting).endpoint;
    },
    async unfinishedUploads() {
      const started = await starting;
      if (!started) return [];
      return readdir(started.uploadsDir).catch(() => []);
    },
    async storedParts() {
      const started = await starting;
      if (!started) return 0;
      const uploads = await readdir(started.uploadsDir).catch(() => []);
      const files = await Promise.all(
        uploads.map((id) => readdir(path.join(started.uploadsDir, id)).catch(() => [])),
      );
      return files.flat().filter((name) => name.endsWith('.md5')).length;
    },
  };
}
