import type { BlobStore } from './blob-store';
import { FsBlobStore } from './fs-blob-store';

export type BlobStoreConfig =
  | { kind: 'fs'; root: string }
  | {
      kind: 's3';
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle?: boolean;
      prefix?: string;
    };

/**
 * The only place that knows which store a deployment uses. The folder store is opened (folders
 * created, crash leftovers swept) before it is handed out; the bucket is not created here, because
 * a scaled-out deployment's credentials usually may not create buckets (see S3BlobStore.ensureBucket).
 */
export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  switch (config.kind) {
    case 'fs':
      return FsBlobStore.open(config.root);
    case 's3': {
      const { kind: _kind, ...options } = config;
      // Loaded only here: the AWS SDK is megabytes of heap the folder store never needs.
      const { S3BlobStore } = await import('./s3-blob-store');
      return new S3BlobStore(options);
    }
  }
}
