import { parentPort } from 'node:worker_threads';
import { makeThumbnails, type ThumbnailSet, UndecodableImageError } from './thumbnails';

/** A thread makes one picture's thumbnails at a time: a request is the picture's bytes or file. */
export type ThumbnailRequest = { bytes: Uint8Array } | { file: string };

export type ThumbnailReply = { set: ThumbnailSet } | { error: { undecodable: boolean; message: string } };

const port = parentPort;
if (!port) throw new Error('thumbnail-worker runs as a worker thread');

port.on('message', async (request: ThumbnailRequest) => {
  let reply: ThumbnailReply;
  try {
    const picture =
      'file' in request
        ? request
        : Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
    reply = { set: await makeThumbnails(picture) };
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
