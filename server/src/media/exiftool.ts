import type { ExifTool } from 'exiftool-vendored';

/** Tags as ExifTool prints them with `-n`: numbers as numbers, dates as ExifTool's text. */
export type ExifTags = Readonly<Record<string, unknown>>;

/**
 * The process's one ExifTool (a kept `perl` child running exiftool-vendored's script). Nothing is
 * loaded or started until the first file is read; a child idle for 20 s exits, the next read
 * starts one again; `endExifTool()` on shutdown ends them all, so none outlives the server.
 */
let current: Promise<ExifTool> | null = null;

// Under the 30 s between the library's health checks of an idle child: a check is a task, and
// would count as use if it came first, so a child idle for 30 s was never ended.
const IDLE_CHILD_MS = 20_000;

function exiftool(): Promise<ExifTool> {
  current ??= import('exiftool-vendored').then(
    ({ ExifTool }) =>
      new ExifTool({
        // Reads are a few milliseconds each; two children keep parallel uploads from queueing
        // behind one another without a perl per core.
        maxProcs: 2,
        maxIdleMsPerProcess: IDLE_CHILD_MS,
        taskTimeoutMillis: 20_000,
      }),
  );
  return current;
}

/**
 * The tags of a file, raw: no date or time-zone guessing by the library (the adapter applies the
 * server's own rule), `-fast` so it stops before the image data.
 */
export async function readExifTags(file: string): Promise<ExifTags> {
  const read = async (tool: ExifTool) =>
    (await tool.readRaw(file, { readArgs: ['-fast', '-n'] })) as ExifTags;
  const tool = await exiftool();
  try {
    return await read(tool);
  } catch (error) {
    // Ended by a shutdown of one app while another in the same process (tests) was reading.
    if (!tool.ended) throw error;
    return read(await exiftool());
  }
}

/** Ends the ExifTool children, if any were started; the next read starts afresh. */
export async function endExifTool(): Promise<void> {
  const started = current;
  current = null;
  if (started) await (await started).end();
}

/** The pids of the running ExifTool children (for the tests that check none outlives the server). */
export async function exifToolPids(): Promise<number[]> {
  return current ? (await current).pids : [];
}
