import { describe, expect, it } from 'vitest';
import {
  uploadQueueActions as a,
  initialUploadQueueState,
  type NewUploadItem,
  nextToUpload,
  OFFLINE_RETRY_SECONDS,
  uploadQueueReducer as reduce,
  selectUploadItem,
  selectUploadItems,
  type UploadQueueState,
} from './upload-queue.slice';

const file = (id: string, extra: Partial<NewUploadItem> = {}): NewUploadItem => ({
  id,
  name: `${id}.jpg`,
  size: 1000,
  mtime: 1,
  ...extra,
});

function run(...actions: { type: string; payload?: unknown }[]): UploadQueueState {
  return actions.reduce<UploadQueueState>(
    (state, action) => reduce(state, action),
    initialUploadQueueState(),
  );
}

const status = (state: UploadQueueState, id: string) => selectUploadItem(state, id)?.status;

describe('upload queue: item transitions (core.md §3 Upload)', () => {
  it('adds files as Pending with their path, target and no progress', () => {
    const state = run(a.filesAdded([file('x', { targetFolder: 'Trip', path: 'Trip/x.jpg' })]));
    expect(selectUploadItem(state, 'x')).toMatchObject({
      status: 'Pending',
      path: 'Trip/x.jpg',
      targetJob: 'default',
      uploadedPercent: 0,
      statusReason: null,
    });
  });

  it('Pending -> Enqueued when the checks pass', () => {
    expect(status(run(a.filesAdded([file('x')]), a.checksPassed(['x'])), 'x')).toBe('Enqueued');
  });

  it('Pending -> Rejected with the reason, and the panel opens because rejections grew', () => {
    const state = run(a.filesAdded([file('x')]), a.itemsRejected({ ids: ['x'], reason: 'UnSupported' }));
    expect(selectUploadItem(state, 'x')).toMatchObject({ status: 'Rejected', statusReason: 'UnSupported' });
    expect(state.panelOpen).toBe(true);
  });

  it('a batch over the free space rejects every item of it with NoStorage and raises the flag', () => {
    const state = run(a.filesAdded([file('x'), file('y')]), a.batchOverSpace(['x', 'y']));
    expect(selectUploadItems(state).map((item) => [item.status, item.statusReason])).toEqual([
      ['Rejected', 'NoStorage'],
      ['Rejected', 'NoStorage'],
    ]);
    expect(state.outOfStorage).toBe(true);
    expect(state.outOfStorageNotices).toBe(1);
    // A second batch that does not fit owes the popup again, though the flag is already up.
    const again = run(a.filesAdded([file('x'), file('z')]), a.batchOverSpace(['x']), a.batchOverSpace(['z']));
    expect(again.outOfStorageNotices).toBe(2);
  });

  it('Enqueued -> Uploading (hashing first) opens the panel', () => {
    const state = run(a.filesAdded([file('x')]), a.checksPassed(['x']), a.uploadStarted('x'));
    expect(selectUploadItem(state, 'x')).toMatchObject({ status: 'Uploading', phase: 'hashing' });
    expect(state.panelOpen).toBe(true);
  });

  it('only an Enqueued item can start uploading', () => {
    expect(status(run(a.filesAdded([file('x')]), a.uploadStarted('x')), 'x')).toBe('Pending');
  });

  const uploading = [a.filesAdded([file('x')]), a.checksPassed(['x']), a.uploadStarted('x')];

  it('bytes start moving; a resumed upload records where it resumed', () => {
    const plain = run(...uploading, a.bytesSending({ id: 'x' }));
    expect(selectUploadItem(plain, 'x')).toMatchObject({ phase: 'sending', resumedAtPercent: null });
    const resumed = run(...uploading, a.bytesSending({ id: 'x', resumedAtPercent: 43.7 }));
    expect(selectUploadItem(resumed, 'x')).toMatchObject({ resumedAtPercent: 43, uploadedPercent: 43 });
  });

  it('progress moves in whole percent steps and never backwards', () => {
    const state = run(
      ...uploading,
      a.progressed({ id: 'x', percent: 12.9 }),
      a.progressed({ id: 'x', percent: 7 }),
      a.progressed({ id: 'x', percent: 250 }),
    );
    expect(selectUploadItem(state, 'x')?.uploadedPercent).toBe(100);
    expect(
      selectUploadItem(run(...uploading, a.progressed({ id: 'x', percent: 12.9 })), 'x')?.uploadedPercent,
    ).toBe(12);
  });

  it('Uploading -> BackendSucceeded keeps the file id and thumbnail', () => {
    const state = run(
      ...uploading,
      a.backendSucceeded({ id: 'x', fileUUID: 'f1', thumbUrl: '/th/3/f1', isMovie: true }),
    );
    expect(selectUploadItem(state, 'x')).toMatchObject({
      status: 'BackendSucceeded',
      fileUUID: 'f1',
      thumbUrl: '/th/3/f1',
      isMovie: true,
      uploadedPercent: 100,
    });
  });

  it('BackendSucceeded -> Succeeded when processing is done', () => {
    const state = run(
      ...uploading,
      a.backendSucceeded({ id: 'x', fileUUID: 'f1', thumbUrl: null, isMovie: false }),
      a.succeeded({ id: 'x' }),
    );
    expect(selectUploadItem(state, 'x')).toMatchObject({ status: 'Succeeded', fileUUID: 'f1' });
  });

  it('Uploading -> Succeeded directly on a dedup hit', () => {
    const state = run(...uploading, a.succeeded({ id: 'x', fileUUID: 'f2', thumbUrl: '/t' }));
    expect(selectUploadItem(state, 'x')).toMatchObject({
      status: 'Succeeded',
      fileUUID: 'f2',
      thumbUrl: '/t',
    });
  });

  it('Uploading -> Rejected for a final reason', () => {
    const state = run(...uploading, a.itemsRejected({ ids: ['x'], reason: 'TooLargeFile' }));
    expect(selectUploadItem(state, 'x')).toMatchObject({ status: 'Rejected', statusReason: 'TooLargeFile' });
  });

  it('NoStorage returns the item to Enqueued and raises the out-of-storage flag', () => {
    const state = run(...uploading, a.itemsRejected({ ids: ['x'], reason: 'NoStorage' }));
    expect(selectUploadItem(state, 'x')).toMatchObject({ status: 'Enqueued', statusReason: null });
    expect(state.outOfStorage).toBe(true);
    expect(state.outOfStorageNotices).toBe(1);
    expect(
      run(...uploading, a.itemsRejected({ ids: ['x'], reason: 'TooLargeFile' })).outOfStorageNotices,
    ).toBe(0);
    expect(nextToUpload(state)).toBeNull();
    const cleared = reduce(state, a.outOfStorageCleared());
    expect(cleared.outOfStorage).toBe(false);
    expect(nextToUpload(cleared)?.id).toBe('x');
  });

  it('a network failure returns the item to Enqueued and the uploader goes Offline with the 4 s countdown', () => {
    const state = run(...uploading, a.networkFailed('x'));
    expect(status(state, 'x')).toBe('Enqueued');
    expect(state.connection).toBe('Offline');
    expect(state.retryInSeconds).toBe(OFFLINE_RETRY_SECONDS);
    expect(nextToUpload(state)).toBeNull();
  });

  it('the countdown ticks down and Offline becomes Retrying at zero', () => {
    let state = run(...uploading, a.networkFailed('x'));
    for (let i = 0; i < OFFLINE_RETRY_SECONDS - 1; i += 1) state = reduce(state, a.retryCountdownTicked());
    expect(state).toMatchObject({ connection: 'Offline', retryInSeconds: 1 });
    state = reduce(state, a.retryCountdownTicked());
    expect(state).toMatchObject({ connection: 'Retrying', retryInSeconds: 0 });
    expect(nextToUpload(state)?.id).toBe('x');
  });

  it('the manual try again moves Offline to Retrying at once', () => {
    const state = run(...uploading, a.networkFailed('x'), a.retryRequested());
    expect(state).toMatchObject({ connection: 'Retrying', retryInSeconds: 0 });
  });

  it('an answer from the server restores Online', () => {
    const state = run(...uploading, a.networkFailed('x'), a.retryRequested(), a.connectionRestored());
    expect(state.connection).toBe('Online');
  });

  it("'Job has been deleted' cancels the album's unfinished items without a rejection", () => {
    const state = run(
      a.filesAdded([
        file('x', { targetJob: 'j1' }),
        file('y', { targetJob: 'j1' }),
        file('z', { targetJob: 'j2' }),
      ]),
      a.checksPassed(['x', 'y', 'z']),
      a.uploadStarted('x'),
      a.jobDeleted('j1'),
    );
    expect([status(state, 'x'), status(state, 'y'), status(state, 'z')]).toEqual([
      'Cancelled',
      'Cancelled',
      'Enqueued',
    ]);
    expect(selectUploadItems(state).some((item) => item.statusReason)).toBe(false);
  });

  it('pause and resume are flags; nothing new starts while paused', () => {
    const paused = run(a.filesAdded([file('x')]), a.checksPassed(['x']), a.paused());
    expect(paused.paused).toBe(true);
    expect(nextToUpload(paused)).toBeNull();
    const resumed = reduce(paused, a.resumed());
    expect(resumed.paused).toBe(false);
    expect(nextToUpload(resumed)?.id).toBe('x');
  });

  it('a paused resumable upload goes back to Enqueued', () => {
    expect(status(run(...uploading, a.paused(), a.uploadSuspended('x')), 'x')).toBe('Enqueued');
  });

  it('stop asks first: stopping blocks new uploads; no aborts the stop', () => {
    const asking = run(a.filesAdded([file('x')]), a.checksPassed(['x']), a.stopRequested());
    expect(asking.stopping).toBe(true);
    expect(nextToUpload(asking)).toBeNull();
    const aborted = reduce(asking, a.stopAborted());
    expect(aborted.stopping).toBe(false);
    expect(status(aborted, 'x')).toBe('Enqueued');
  });

  it('stop confirmed cancels every unfinished item and leaves finished ones', () => {
    const state = run(
      a.filesAdded([file('done'), file('up'), file('wait'), file('new')]),
      a.checksPassed(['done', 'up', 'wait']),
      a.uploadStarted('done'),
      a.succeeded({ id: 'done' }),
      a.uploadStarted('up'),
      a.stopRequested(),
      a.stopConfirmed(),
    );
    expect(selectUploadItems(state).map((item) => item.status)).toEqual([
      'Succeeded',
      'Cancelled',
      'Cancelled',
      'Cancelled',
    ]);
    expect(state.stopping).toBe(false);
  });

  it('a stop request with nothing unfinished does not ask', () => {
    expect(run(a.stopRequested()).stopping).toBe(false);
  });

  it('a single item can be cancelled', () => {
    expect(status(run(a.filesAdded([file('x')]), a.itemCancelled('x')), 'x')).toBe('Cancelled');
  });

  it('only one upload at a time, in order', () => {
    const state = run(a.filesAdded([file('x'), file('y')]), a.checksPassed(['x', 'y']));
    expect(nextToUpload(state)?.id).toBe('x');
    expect(nextToUpload(reduce(state, a.uploadStarted('x')))).toBeNull();
  });
});

describe('upload queue: panel, dialog and account', () => {
  it('closing while uploading only hides the panel', () => {
    const state = run(
      a.filesAdded([file('x')]),
      a.checksPassed(['x']),
      a.uploadStarted('x'),
      a.panelClosed(),
    );
    expect(state.panelOpen).toBe(false);
    expect(selectUploadItems(state)).toHaveLength(1);
  });

  it('closing while idle clears the queue and the out-of-storage flag', () => {
    const state = run(
      a.filesAdded([file('x'), file('y')]),
      a.itemsRejected({ ids: ['x'], reason: 'UnSupported' }),
      a.batchOverSpace(['y']),
      a.panelClosed(),
    );
    expect(selectUploadItems(state)).toHaveLength(0);
    expect(state).toMatchObject({ panelOpen: false, outOfStorage: false });
  });

  it('expands and collapses', () => {
    expect(run(a.panelExpandedToggled()).panelExpanded).toBe(true);
    expect(run(a.panelExpandedToggled(), a.panelExpandedToggled()).panelExpanded).toBe(false);
  });

  it('the dialog opens and closes, but never for a read-only account', () => {
    expect(run(a.dialogOpened()).dialogOpen).toBe(true);
    expect(run(a.dialogOpened(), a.dialogClosed()).dialogOpen).toBe(false);
    expect(run(a.accountChecked({ readOnly: true }), a.dialogOpened()).dialogOpen).toBe(false);
    expect(run(a.dialogOpened(), a.accountChecked({ readOnly: true })).dialogOpen).toBe(false);
  });
});
