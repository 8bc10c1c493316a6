import { Worker } from 'node:worker_threads';
import type { Sharp } from 'sharp';
import { loadSharp } from './sharp-loader';

/**
 * HEIC/HEIF with HEVC: sharp's prebuilt libvips ships without an HEVC decoder (patents), so these
 * go through heic-convert's libheif (WebAssembly), in a worker thread. heic-convert itself encodes
 * JPEG with the pure JavaScript jpeg-js, which is slow and soft; we take its decoder's RGBA and
 * let sharp encode. libheif applies the container's rotation and mirror on decode, so the pixels
 * are upright.
 */

interface DecodedImage {
  width: number;
  height: number;
  data: Uint8Array;
}

type Reply = { id: number; width: number; height: number; data: Uint8Array } | { id: number; error: string };

/** One decoder thread, started on first use and not keeping the process alive when idle. */
class HeicDecoderThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (image: DecodedImage) => void; reject: (e: Error) => void }
  >();

  decode(bytes: Buffer): Promise<DecodedImage> {
    const worker = this.start();
    const id = this.nextId++;
    // A copy the worker can own: `bytes` may be a slice of a shared pool.
    const copy = new Uint8Array(bytes);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, bytes: copy }, [copy.buffer]);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./heic-decode.worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiter.reject(new HeicDecodeError(`HEIC does not decode: ${reply.error}`));
      else waiter.resolve(reply);
    });
    // A crashed thread fails what it held; the next decode starts a fresh one.
    const fail = (error: Error) => {
      this.worker = null;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`HEIC decoder exited with ${code}`)));
    this.worker = worker;
    return worker;
  }
}

const decoder = new HeicDecoderThread();

/** HEIF brands whose primary image is HEVC (AVIF's 'avif'/'avis' sharp decodes itself). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/**
 * True when the bytes are an HEVC-coded HEIF file, judged from the ISO-BMFF `ftyp` box (major and
 * compatible brands), not from a name or a declared type the client may have got wrong.
 */
export function isHevcHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (ascii(4) !== 'ftyp') return false;
  const boxSize = Math.min(
    ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
    bytes.length,
  );
  if (HEVC_BRANDS.has(ascii(8))) return true;
  for (let at = 16; at + 4 <= boxSize; at += 4) {
    if (HEVC_BRANDS.has(ascii(at))) return true;
  }
  return false;
}

export class HeicDecodeError extends Error {
  override readonly name = 'HeicDecodeError';
}

/** The primary image as a sharp pipeline over raw RGBA pixels. */
export async function heicToSharp(bytes: Buffer): Promise<Sharp> {
  const image = await decoder.decode(bytes);
  const data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  const sharp = await loadSharp();
  return sharp(data, { raw: { width: image.width, height: image.height, channels: 4 } });
}

/** A full-size JPEG of the primary image, for `to_jpeg` and for anything that cannot read HEIC. */
export async function heicToJpeg(bytes: Buffer, quality = 90): Promise<Buffer> {
  const pipeline = await heicToSharp(bytes);
  return pipeline.jpeg({ quality, mozjpeg: false }).toBuffer();
}
