import type { DedupReply, FileRecord } from '@nordlys/contract/file';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rootReducer } from '../../state/store';
import { PROCESSING_POLL_MS, UploadEngine } from './upload.engine';
import {
  type TransportUpload,
  type UploadCheckContext,
  UploadFailure,
  type UploadTransport,
} from './upload.transport';
import { MAX_FILE_SIZE } from './upload-checks';
import {
  uploadQueueActions as a,
  selectUploadItems,
  selectUploadQueue,
  type UploadRootState,
} from './upload-queue.slice';

const record = (fileID: string, extra: Partial<FileRecord> = {}): FileRecord => ({
  fileID,
  jobID: 'job-1',
  path: `${fileID}.jpg`,
  fileName: `${fileID}.jpg`,
  size: 10,
  ctime: 1,
  mtime: 1,
  timestamp: 1,
  uploadedTime: 1,
  checksum: 'c'.repeat(64),
  duration: 0,
  user_uuid: 'u',
  file_type: 'Pictures',
  is_screenshot: false,
  group_type: null,
  group_id: null,
  master: '1',
  width: 1,
  height: 1,
  thumbURLSmall: `/th/3/${fileID}`,
  thumbURLTile: null,
  thumbURLLarge: null,
  thumbhash: null,
  previewURL: null,
  ...extra,
});

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A transport whose answers each test scripts; it records what the engine asked for. */
class FakeTransport implements UploadTransport {
  context: UploadCheckContext = {
    extensions: { pictures: ['jpg', 'png'], videos: ['mp4'] },
    maxFileSize: MAX_FILE_SIZE,
    remainingSpace: 1_000_000,
    readOnly: false,
  };
  dedupReplies: DedupReply[] = [];
  dedupCalls: { jobId: string; path: string; checksum: string }[] = [];
  uploads: TransportUpload[] = [];
  /** Each upload call takes the next script; the default answers with a record at once. */
  scripts: ((request: TransportUpload) => Promise<FileRecord>)[] = [];
  processing: ('done' | 'pending')[] = [];
  processingCalls = 0;
  resumableAbove = Number.POSITIVE_INFINITY;
  hashFails = false;

  async fetchCheckContext() {
    return this.context;
  }
  async hash(file: File) {
    if (this.hashFails) throw new DOMException('gone', 'NotFoundError');
    return `sha-of-${file.name}`.padEnd(64, '0');
  }
  async dedup(jobId: string, request: { path: string; checksum: string }) {
    this.dedupCalls.push({ jobId, path: request.path, checksum: request.checksum });
    return this.dedupReplies.shift() ?? { status: 'upload_required' as const };
  }
  isResumable(size: number) {
    return size > this.resumableAbove;
  }
  upload(request: TransportUpload) {
    this.uploads.push(request);
    const script = this.scripts.shift();
    return script ? script(request) : Promise.resolve(record(request.file.name.replace(/\..*$/, '')));
  }
  async processingState() {
    this.processingCalls += 1;
    return this.processing.shift() ?? 'done';
  }
  albumsCreated: { name: string; isShared: boolean }[] = [];
  createAlbumFails = false;
  async createAlbum(album: { name: string; isShared: boolean }) {
    this.albumsCreated.push(album);
    if (this.createAlbumFails) throw new Error('HTTP 500');
    return `album-${this.albumsCreated.length}`;
  }
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { lastModified: 1234 });
const dropped = (...files: File[]) => files.map((one) => ({ file: one, folder: '' }));

let transport: FakeTransport;
let store: ReturnType<typeof makeStore>;
let engine: UploadEngine;
let logged: string[];
let dispatched: { type: string; payload?: unknown }[];
let remembered: [string, string][];

function makeStore() {
  return configureStore({ reducer: rootReducer });
}
const queue = () => selectUploadQueue(store.getState() as UploadRootState);
const rows = () => selectUploadItems(queue()).map((item) => [item.name, item.status, item.statusReason]);

beforeEach(() => {
  vi.useFakeTimers();
  transport = new FakeTransport();
  store = makeStore();
  logged = [];
  dispatched = [];
  remembered = [];
  engine = new UploadEngine({
    previews: { remember: (fileId, picked) => remembered.push([fileId, (picked as File).name]) },
    dispatch: (action) => {
      dispatched.push(action);
      return store.dispatch(action);
    },
    getQueue: queue,
    subscribe: store.subscribe,
    transport,
    log: (message) => logged.push(message),
  });
  engine.start();
});

afterEach(() => {
  engine.stop();
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('uploader engine', () => {
  it('a dedup hit completes the item without sending the bytes', async () => {
    transport.dedupReplies.push({ status: 'linked', uuid: 'f9', file: record('f9') });
    await engine.addFiles(dropped(file('a.jpg')));
    await settle();
    expect(rows()).toEqual([['a.jpg', 'Succeeded', null]]);
    expect(transport.uploads).toHaveLength(0);
    expect(transport.dedupCalls).toEqual([
      { jobId: 'default', path: 'a.jpg', checksum: expect.stringMatching(/^sha-of-a\.jpg/) },
    ]);
    expect(selectUploadItems(queue())[0]).toMatchObject({ fileUUID: 'f9', thumbUrl: '/th/3/f9' });
    expect(remembered).toEqual([['f9', 'a.jpg']]);
  });

  it('uploads, reports progress in whole percents, then polls processing every 2500 ms until complete', async () => {
    const answer = deferred<FileRecord>();
    transport.scripts.push(async (request) => {
      for (const fraction of [0.004, 0.01, 0.013, 0.019, 0.5, 0.505, 1]) request.onProgress(fraction);
      return answer.promise;
    });
    transport.processing.push('pending', 'pending', 'done');
    await engine.addFiles([{ file: file('b.jpg'), folder: 'Trip' }]);
    await settle();
    expect(transport.uploads[0]).toMatchObject({ path: 'Trip/b.jpg', mtime: 1234, jobId: 'default' });
    const percents = dispatched
      .filter((action) => action.type === a.progressed.type)
      .map((action) => (action.payload as { percent: number }).percent);
    expect(percents).toEqual([0, 1, 50, 100]);
    expect(remembered).toEqual([]);
    answer.resolve(record('b'));
    await settle();
    expect(rows()).toEqual([['b.jpg', 'BackendSucceeded', null]]);
    // Stored: the picked file stands in for the thumbnails the server is still making.
    expect(remembered).toEqual([['b', 'b.jpg']]);
    expect(transport.processingCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(transport.processingCalls).toBe(2);
    expect(rows()).toEqual([['b.jpg', 'BackendSucceeded', null]]);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(rows()).toEqual([['b.jpg', 'Succeeded', null]]);
  });

  it('runs the checks: folder, unsupported and the batch over the free space', async () => {
    const folder = file('Holiday', 0);
    vi.spyOn(folder, 'slice').mockImplementation(() => {
      throw new DOMException('A folder', 'NotReadableError');
    });
    await engine.addFiles(dropped(folder, file('notes.txt'), file('ok.jpg')));
    await settle();
    expect(rows()).toEqual([
      ['Holiday', 'Rejected', 'FileIsFolder'],
      ['notes.txt', 'Rejected', 'UnSupported'],
      ['ok.jpg', 'Succeeded', null],
    ]);

    store.dispatch(a.panelClosed());
    transport.context = { ...transport.context, remainingSpace: 15 };
    await engine.addFiles(dropped(file('x.jpg', 10), file('y.jpg', 10)));
    await settle();
    expect(rows()).toEqual([
      ['x.jpg', 'Rejected', 'NoStorage'],
      ['y.jpg', 'Rejected', 'NoStorage'],
    ]);
    expect(queue().outOfStorage).toBe(true);
    expect(transport.uploads).toHaveLength(1);
  });

  it('folders Safari could not read become FileIsFolder rows', async () => {
    await engine.addFiles([], { jobId: 'default' }, ['Holiday']);
    expect(rows()).toEqual([['Holiday', 'Rejected', 'FileIsFolder']]);
  });

  it('413 Out of storage puts the item back in the queue, raises the flag and uploads nothing more', async () => {
    transport.scripts.push(() => Promise.reject(new UploadFailure('noStorage', 'Out of storage', 413)));
    await engine.addFiles(dropped(file('a.jpg'), file('b.jpg')));
    await settle();
    expect(rows()).toEqual([
      ['a.jpg', 'Enqueued', null],
      ['b.jpg', 'Enqueued', null],
    ]);
    expect(queue().outOfStorage).toBe(true);
    expect(transport.uploads).toHaveLength(1);
    store.dispatch(a.outOfStorageCleared());
    await settle();
    expect(rows().map((row) => row[1])).toEqual(['Succeeded', 'Succeeded']);
  });

  it('a network failure goes Offline, counts down 4 s, retries and comes back Online', async () => {
    transport.scripts.push(() => Promise.reject(new UploadFailure('network', 'lost')));
    await engine.addFiles(dropped(file('a.jpg')));
    await settle();
    expect(queue()).toMatchObject({ connection: 'Offline', retryInSeconds: 4 });
    expect(rows()).toEqual([['a.jpg', 'Enqueued', null]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queue().retryInSeconds).toBe(3);
    expect(transport.uploads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(transport.uploads).toHaveLength(2);
    expect(queue().connection).toBe('Online');
    expect(rows()).toEqual([['a.jpg', 'Succeeded', null]]);
  });

  it('the manual try again retries before the countdown ends', async () => {
    transport.scripts.push(() => Promise.reject(new UploadFailure('network', 'lost')));
    await engine.addFiles(dropped(file('a.jpg')));
    await settle();
    store.dispatch(a.retryRequested());
    await settle();
    expect(transport.uploads).toHaveLength(2);
    expect(rows()).toEqual([['a.jpg', 'Succeeded', null]]);
  });

  it("'Job has been deleted' stops the album's uploads silently", async () => {
    transport.scripts.push(() =>
      Promise.reject(new UploadFailure('jobDeleted', 'Job has been deleted', 410)),
    );
    await engine.addFiles(dropped(file('a.jpg'), file('b.jpg')), { jobId: 'gone' });
    await settle();
    expect(rows()).toEqual([
      ['a.jpg', 'Cancelled', null],
      ['b.jpg', 'Cancelled', null],
    ]);
    expect(transport.uploads).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('another answer rejects the item as Unknown and logs the message', async () => {
    transport.scripts.push(() =>
      Promise.reject(new UploadFailure('unknown', 'body.path must not contain ..', 400)),
    );
    await engine.addFiles(dropped(file('a.jpg')));
    await settle();
    expect(rows()).toEqual([['a.jpg', 'Rejected', 'Unknown']]);
    expect(logged.join()).toContain('body.path must not contain ..');
  });

  it('413 TooLargeFile rejects the item as too large', async () => {
    transport.scripts.push(() => Promise.reject(new UploadFailure('tooLarge', 'TooLargeFile', 413)));
    await engine.addFiles(dropped(file('a.jpg')));
    await settle();
    expect(rows()).toEqual([['a.jpg', 'Rejected', 'TooLargeFile']]);
  });

  it('a file that can no longer be read is FileWasDeleted', async () => {
    transport.hashFails = true;
    await engine.addFiles(dropped(file('a.jpg')));
    await settle();
    expect(rows()).toEqual([['a.jpg', 'Rejected', 'FileWasDeleted']]);
  });

  it('stop asks, then cancels the running upload (its request is aborted) and the rest', async () => {
    const answer = deferred<FileRecord>();
    transport.scripts.push((request) => {
      request.signal.addEventListener('abort', () =>
        answer.reject(new DOMException('aborted', 'AbortError')),
      );
      return answer.promise;
    });
    await engine.addFiles(dropped(file('a.jpg'), file('b.jpg')));
    await settle();
    store.dispatch(a.stopRequested());
    expect(transport.uploads[0]!.signal.aborted).toBe(false);
    store.dispatch(a.stopAborted());
    store.dispatch(a.stopRequested());
    store.dispatch(a.stopConfirmed());
    await settle();
    expect(transport.uploads[0]!.signal.aborted).toBe(true);
    expect(rows()).toEqual([
      ['a.jpg', 'Cancelled', null],
      ['b.jpg', 'Cancelled', null],
    ]);
    expect(transport.uploads).toHaveLength(1);
  });

  it('pause lets a simple upload finish but starts nothing new until resumed', async () => {
    const answer = deferred<FileRecord>();
    transport.scripts.push(() => answer.promise);
    await engine.addFiles(dropped(file('a.jpg'), file('b.jpg')));
    await settle();
    store.dispatch(a.paused());
    answer.resolve(record('a'));
    await settle();
    expect(rows().map((row) => row[1])).toEqual(['Succeeded', 'Enqueued']);
    expect(transport.uploads).toHaveLength(1);
    store.dispatch(a.resumed());
    await settle();
    expect(rows().map((row) => row[1])).toEqual(['Succeeded', 'Succeeded']);
  });

  it('pause suspends a resumable upload, and resume starts it again (where tus resumes the bytes)', async () => {
    transport.resumableAbove = 5;
    const answer = deferred<FileRecord>();
    transport.scripts.push((request) => {
      request.signal.addEventListener('abort', () =>
        answer.reject(new DOMException('aborted', 'AbortError')),
      );
      return answer.promise;
    });
    transport.scripts.push(async (request) => {
      request.onResumed(0.43);
      return record('big');
    });
    await engine.addFiles(dropped(file('big.mp4', 100)));
    await settle();
    store.dispatch(a.paused());
    await settle();
    expect(rows()).toEqual([['big.mp4', 'Enqueued', null]]);
    store.dispatch(a.resumed());
    await settle();
    expect(transport.uploads).toHaveLength(2);
    expect(rows()).toEqual([['big.mp4', 'Succeeded', null]]);
    expect(dispatched).toContainEqual(a.bytesSending({ id: expect.any(String), resumedAtPercent: 43 }));
  });

  it('a read-only account uploads nothing', async () => {
    transport.context = { ...transport.context, readOnly: true };
    await engine.addFiles(dropped(file('a.jpg')));
    await settle();
    expect(rows()).toEqual([['a.jpg', 'Rejected', 'Unknown']]);
    expect(queue().readOnly).toBe(true);
    expect(transport.uploads).toHaveLength(0);
  });
});

describe('uploading into a pending album (core.md §3, §4)', () => {
  const target = { pendingAlbum: { pendingId: 'd1', title: 'Trip', isShared: false } };
  const album = () => queue().pendingAlbums.d1;

  it('the first upload creates the album once; every upload goes into it', async () => {
    store.dispatch(a.dialogOpened(target));
    await engine.addFiles(dropped(file('a.jpg'), file('b.jpg')), target);
    expect(album()?.pendingFiles).toHaveLength(2);
    await settle();
    expect(transport.albumsCreated).toEqual([{ name: 'Trip', isShared: false }]);
    expect(transport.uploads.map((upload) => upload.jobId)).toEqual(['album-1', 'album-1']);
    expect(album()).toMatchObject({ albumId: 'album-1', pendingFiles: [], uploadedFiles: ['a', 'b'] });
    expect(rows()).toEqual([
      ['a.jpg', 'Succeeded', null],
      ['b.jpg', 'Succeeded', null],
    ]);
  });

  it('keeps the uploaded files after the panel clears the queue', async () => {
    store.dispatch(a.dialogOpened(target));
    await engine.addFiles(dropped(file('a.jpg')), target);
    await settle();
    store.dispatch(a.panelClosed());
    expect(album()?.uploadedFiles).toEqual(['a']);
  });

  it('a failed creation fails its uploads and removes the pending album', async () => {
    transport.createAlbumFails = true;
    store.dispatch(a.dialogOpened(target));
    await engine.addFiles(dropped(file('a.jpg'), file('b.jpg')), target);
    await settle();
    expect(rows()).toEqual([
      ['a.jpg', 'Rejected', 'Unknown'],
      ['b.jpg', 'Rejected', 'Unknown'],
    ]);
    expect(queue().pendingAlbums.d1).toBeUndefined();
    expect(transport.uploads).toHaveLength(0);
  });

  it('alsoTargetTimeline sends the bytes to the timeline and links them into the album', async () => {
    store.dispatch(a.dialogOpened({ jobId: 'album-7', alsoTargetTimeline: true }));
    await engine.addFiles(dropped(file('a.jpg')), { jobId: 'album-7', alsoTargetTimeline: true });
    await settle();
    expect(transport.uploads.map((upload) => upload.jobId)).toEqual(['default']);
    expect(transport.dedupCalls.map((call) => call.jobId)).toEqual(['default', 'album-7']);
    expect(rows()).toEqual([['a.jpg', 'Succeeded', null]]);
  });
});
