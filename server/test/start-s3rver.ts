/// <reference path="../src/blobs/s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * s3rver on loopback with `bucket` made, in a folder of its own that `close` removes. Also used by
 * the cluster rig, as the scaled-out profile's object store.
 */
export async function startS3rver(
  bucket: string,
): Promise<{ endpoint: string; uploadsDir: string; close: () => Promise<void> }> {
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
}
