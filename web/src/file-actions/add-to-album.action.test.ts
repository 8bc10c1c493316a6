import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../api/session';
import { fakeApi, jsonResponse } from '../test/fake-api';
import { addToAlbumAction } from './add-to-album.action';
import { type FileActionPorts, type FileActionToast, setFileActionPorts } from './file-action.ports';
import { availableFileActions, runFileAction } from './file-action.registry';
import type { FileActionContext } from './file-action.types';

const files = [1, 2, 3].map((n) => ({
  fileID: `f${n}`,
  jobID: 'timeline',
  fileName: `IMG_${n}.jpg`,
  user_uuid: 'u1',
  duration: 0,
}));
const ctx = (over: Partial<FileActionContext> = {}): FileActionContext => ({
  surface: 'timeline',
  jobId: 'timeline',
  files,
  account: { userId: 'u1', isReadOnly: false },
  isJobOwner: true,
  dispatch: vi.fn(),
  ...over,
});

function ports(choice: Awaited<ReturnType<NonNullable<FileActionPorts['pickAlbum']>>>) {
  const toasts: FileActionToast[] = [];
  const opened: string[] = [];
  const created: string[][] = [];
  setFileActionPorts({
    confirm: async () => true,
    showToast: (_d, toast) => {
      toasts.push(toast);
      return 't';
    },
    resolveToast: () => undefined,
    pickAlbum: async () => choice,
    createAlbumWith: (_d, ids) => created.push([...ids]),
    openAlbum: (id) => opened.push(id),
  });
  return { toasts, opened, created };
}

const record = (id: string) => ({
  fileID: id,
  jobID: 'timeline',
  path: `${id}.jpg`,
  checksum: id.padEnd(64, 'a'),
  mtime: 1700000000,
});

afterEach(() => {
  setFileActionPorts(null);
  vi.unstubAllGlobals();
});

describe('Add to album', () => {
  it('links each file into the chosen album with files_dedup; the toast opens the album', async () => {
    setAuthToken('token');
    const recorded = ports({ kind: 'album', albumId: 'alb' });
    const calls = fakeApi({
      ...Object.fromEntries(
        files.map((f) => [`GET /jobs/timeline/files_by_id/${f.fileID}`, jsonResponse(record(f.fileID))]),
      ),
      'POST /jobs/alb/files_dedup': (call) =>
        jsonResponse({ status: 'linked', uuid: `new-${(call.body as { path: string }).path}` }),
    });
    const result = await runFileAction(addToAlbumAction, ctx());
    expect(result).toMatchObject({ outcome: 'done', fileIds: ['f1', 'f2', 'f3'], clearSelection: true });
    const dedups = calls.filter((call) => call.path === '/jobs/alb/files_dedup').map((call) => call.body);
    expect(dedups).toEqual(
      files.map((f) => expect.objectContaining({ path: `${f.fileID}.jpg`, policy: 'no_duplicates' })),
    );
    expect(recorded.toasts[0]).toMatchObject({
      type: 'filesCopiedToAlbum',
      params: { count: 3 },
      jobId: 'alb',
    });
    recorded.toasts[0]?.action?.onClick();
    expect(recorded.opened).toEqual(['alb']);
  });

  it('reports filesCopiedToAlbumFailed when files could not be added', async () => {
    setAuthToken('token');
    const recorded = ports({ kind: 'album', albumId: 'alb' });
    fakeApi({ 'GET /jobs/timeline/files_by_id/f1': jsonResponse(record('f1')) });
    const result = await runFileAction(addToAlbumAction, ctx({ files: [files[0]!] }));
    expect(result.outcome).toBe('failed');
    expect(recorded.toasts[0]).toMatchObject({ type: 'filesCopiedToAlbumFailed' });
  });

  it('the New album tile starts album creation with the files', async () => {
    const recorded = ports({ kind: 'new' });
    await runFileAction(addToAlbumAction, ctx());
    expect(recorded.created).toEqual([['f1', 'f2', 'f3']]);
  });

  it('is disabled with the subscribe tooltip for read-only users and hidden for visitors', () => {
    const readOnly = availableFileActions(ctx({ account: { userId: 'u1', isReadOnly: true } })).find(
      (entry) => entry.action.id === 'ADD_TO_ALBUM',
    );
    expect(readOnly).toMatchObject({ enabled: false, readOnlyBlocked: true });
    expect(
      availableFileActions(ctx({ account: null })).some((entry) => entry.action.id === 'ADD_TO_ALBUM'),
    ).toBe(false);
  });
});
