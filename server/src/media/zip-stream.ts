import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** One file of an archive: its bytes are opened only when the writer reaches it. */
export interface ZipEntry {
  name: string;
  mtime: Date;
  /** Known up front for stored bytes; absent for a rendering made on the way (HEIC as JPEG). */
  size?: number;
  open(): Promise<NodeJS.ReadableStream>;
}

export interface ZipOutput {
  stream: Readable;
  /** The archive's exact length when every entry's size is known, else null. */
  size: number | null;
}

/**
 * A ZIP written by yazl while it is read. Entries are stored, not deflated: photos and movies are
 * compressed already, and storing keeps the archive's length known up front and the throughput at
 * disk speed. yazl switches to ZIP64 by itself for entries or offsets past 4 GiB and for 65,535
 * entries or more. One entry's bytes are open at a time and flow with backpressure, so memory
 * does not grow with the archive; what grows is the central directory, about 100 bytes an entry.
 * Aborting `signal` closes the open entry and ends the output with an error.
 */
export function zipStream(entries: Iterable<ZipEntry>, signal: AbortSignal): ZipOutput {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A failed entry fails the archive: the reader sees a broken download, never a short valid one.
  zip.on('error', (error: Error) => output.destroy(error));
  let current: NodeJS.ReadableStream | null = null;

  const abort = () => {
    (current as Readable | null)?.destroy();
    output.destroy(new Error('archive aborted'));
  };
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  output.once('close', () => signal.removeEventListener('abort', abort));

  for (const entry of entries) {
    const options = {
      mtime: entry.mtime,
      compress: false,
      ...(entry.size === undefined ? {} : { size: entry.size }),
    };
    zip.addReadStreamLazy(entry.name, options, (done) => {
      if (signal.aborted) return done(new Error('archive aborted'), null as never);
      entry.open().then(
        (stream) => {
          current = stream;
          done(null, stream);
        },
        (error: unknown) => {
          output.destroy(error instanceof Error ? error : new Error(String(error)));
          done(error, null as never);
        },
      );
    });
  }
  let size: number | null = null;
  // yazl reports the final length synchronously from end() when it can be known. Its estimate
  // counts the ZIP64 end record once the central directory passes 64 KiB, which the writer only
  // adds past 4 GiB: forcing that record (56 + 20 bytes, read by every ZIP64-aware unzip) makes
  // the declared length and the bytes agree.
  zip.end({ forceZip64Format: true, comment: '' }, ((total: number) => {
    size = total >= 0 ? total : null;
  }) as () => void);
  return { stream: output, size };
}
