import { parentPort } from 'node:worker_threads';
import { tuneSharp } from './sharp-tuning';
import { makeThumbnails, type ThumbnailSet, UndecodableImageError } from './thumbnails';

/** A thread makes one picture's thumbnails at a time: a request is the picture's bytes. */
export interface ThumbnailRequest {
  bytes: Uint8Array;
}

export type ThumbnailReply = { set: ThumbnailSet } | { error: { undecodable: boolean; message: string } };

const port = parentPort;
if (!port) throw new Error('thumbnail-worker runs as a worker thread');
tuneSharp();

port.on('message', async ({ bytes }: ThumbnailRequest) => {
  let reply: ThumbnailReply;
  try {
    reply = { set: await makeThumbnails(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (error) {
    reply = {
      error: {
        undecodable: error instanceof UndecodableImageError,
        message: String((error as Error)?.message ?? error),
      },
    };
  }
  port.postMessage(reply);
});
