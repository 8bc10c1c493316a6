// s3rver ships no types; this covers only what the S3 store's tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Its filesystem store: where buckets, objects and multipart parts are kept. */
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    /** Koa's middleware list, read when run() starts listening. */
    middleware: ((
      ctx: { method: string; query: Record<string, string | string[] | undefined>; status: number },
      next: () => Promise<void>,
    ) => Promise<void>)[];
  }
}
