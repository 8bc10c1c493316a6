import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll } from 'vitest';
import { startS3rver } from './start-s3rver';

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
      starting ??= startS3rver(bucket);
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
