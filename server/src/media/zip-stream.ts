import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';
import { ChunkPool } from '../blobs/chunk-pool';

/** One file of an archive: its bytes are opened only when the writer reaches it. */
export interface ZipEntry {
  name: string;
  mtime: Date;
  /** Known up front for stored bytes; absent for a rendering made on the way (HEIC as JPEG). */
  size?: number;
  /** `chunks`: the archive's read buffers, for a reader that can use them (BlobReadOptions). */
  open(chunks?: ChunkPool): Promise<NodeJS.ReadableStream>;
}

export interface ZipOutput {
  stream: Readable;
  /** The archive's exact length when every entry's size is known, else null. */
  size: number | null;
}

/**
 * yazl sums each entry's CRC-32 with buffer-crc32, a table lookup per byte in JavaScript: about
 * 200 MiB/s, a fifth of what the disk gives. Node's zlib.crc32 computes the same checksum
 * natively (several GiB/s), so yazl's own instance of buffer-crc32 is given it. Same function,
 * same results: `unsigned(bytes, previous)` continues a running CRC like zlib's `value` argument.
 */
function useNativeCrc32(): void {
  const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const bufferCrc32 = yazlRequire('buffer-crc32') as { unsigned?: unknown };
  if (typeof bufferCrc32.unsigned !== 'function') return;
  bufferCrc32.unsigned = (bytes: Buffer, previous?: number) => crc32(bytes, previous ?? 0);
}
useNativeCrc32();

/** The part of yazl's writer state that its entry scan walks (index.js, pumpEntries). */
interface YazlEntries {
  entries?: { state: number }[];
}
/** yazl's Entry.FILE_DATA_DONE. */
const ENTRY_DONE = 3;
/** Finished entries set aside at once: few enough splices, a short scan for each entry. */
const SET_ASIDE_BATCH = 256;

/**
 * yazl finds the entry to write next by scanning its entry list from the start after every
 * entry, finished ones included: n entries cost n²/2 steps, about five seconds of CPU for 65,000
 * tiny files. Finished entries are set aside in batches while the archive is written (the scan
 * then starts near the entry being written), and put back in their order when the last entry
 * begins, before yazl writes the central directory from the whole list.
 */
function shortenEntryScan(zip: ZipFile): { entryStarted(index: number, total: number): void } {
  const state = zip as unknown as YazlEntries;
  const done: { state: number }[] = [];
  return {
    entryStarted(index, total) {
      const live = state.entries;
      if (!Array.isArray(live)) return;
      if (index === total - 1) {
        if (done.length > 0) state.entries = done.concat(live);
        done.length = 0;
        return;
      }
      let finished = 0;
      while (finished < live.length && live[finished]?.state === ENTRY_DONE) finished += 1;
      if (finished >= SET_ASIDE_BATCH) for (const entry of live.splice(0, finished)) done.push(entry);
    },
  };
}

/** An archive's read buffers: enough for the chunks queued along yazl's streams and the socket's. */
const ARCHIVE_CHUNK_BYTES = 1024 * 1024;
const ARCHIVE_CHUNKS = 16;

/** The read buffers of one archive response, for `zipStream` and for whoever writes its output. */
export const archiveChunks = () => new ChunkPool(ARCHIVE_CHUNK_BYTES, ARCHIVE_CHUNKS);
export type ArchiveChunks = ChunkPool;

/**
 * A ZIP written by yazl while it is read. Entries are stored, not deflated: photos and movies are
 * compressed already, and storing keeps the archive's length known up front and the throughput at
 * disk speed. yazl switches to ZIP64 by itself for entries or offsets past 4 GiB and for 65,535
 * entries or more. One entry's bytes are open at a time and flow with backpressure, so memory
 * does not grow with the archive; what grows is the central directory, about 100 bytes an entry.
 * Aborting `signal` closes the open entry and ends the output with an error.
 *
 * With `chunks`, entries read into that pool's buffers. yazl passes each chunk object through its
 * streams unchanged (index.js pumpFileDataReadStream: Crc32Watcher, ByteCounter, PassThrough,
 * ByteCounter, then outputStream, each `cb(null, chunk)`) and keeps none, so the output carries
 * the pool's own views among yazl's headers, and whoever writes the output out must give each
 * view back once written (`chunks.give`), or the entries stop for want of buffers.
 */
export function zipStream(entries: Iterable<ZipEntry>, signal: AbortSignal, chunks?: ChunkPool): ZipOutput {
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

  const list = [...entries];
  const scan = shortenEntryScan(zip);
  for (const [index, entry] of list.entries()) {
    const options = {
      mtime: entry.mtime,
      compress: false,
      ...(entry.size === undefined ? {} : { size: entry.size }),
    };
    zip.addReadStreamLazy(entry.name, options, (done) => {
      if (signal.aborted) return done(new Error('archive aborted'), null as never);
      scan.entryStarted(index, list.length);
      entry.open(chunks).then(
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
