import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyToTimelineAction } from './copy-to-timeline.action';
import { deleteFilesAction } from './delete-files.action';
import { type FileActionEvent, onFileActionEvent } from './file-action.events';
import { type FileActionToast, setFileActionPorts } from './file-action.ports';
import {
  fileActionForKey as actionForKey,
  FILE_ACTIONS,
  getFileAction,
  availableFileActions as listActions,
  runFileAction,
} from './file-action.registry';
import type { FileActionContext, FileActionFile } from './file-action.types';
import { permDeleteFilesAction } from './perm-delete-files.action';
import { restoreFilesAction } from './restore-files.action';

const file = (n: number, user = 'u1'): FileActionFile => ({
  fileID: `f${n}`,
  jobID: 'job1',
  fileName: `IMG_${n}.jpg`,
  user_uuid: user,
  duration: 0,
});

// The selection actions; other actions in the registry have their own tests.
const SELECTION_ACTIONS = [
  deleteFilesAction,
  restoreFilesAction,
  permDeleteFilesAction,
  copyToTimelineAction,
];
const availableFileActions = (ctx: FileActionContext) => listActions(ctx, SELECTION_ACTIONS);
const fileActionForKey = (key: string, ctx: FileActionContext) => actionForKey(key, ctx, SELECTION_ACTIONS);

const ctxOf = (over: Partial<FileActionContext> = {}): FileActionContext => ({
  surface: 'timeline',
  jobId: 'job1',
  files: [file(1), file(2)],
  account: { userId: 'u1', isReadOnly: false },
  isJobOwner: true,
  dispatch: vi.fn(),
  ...over,
});

interface Recorded {
  confirms: { preset: string; params?: Record<string, string | number> }[];
  toasts: { id: string; toast: FileActionToast; resolvedWith?: FileActionToast }[];
  storagePopups: string[];
}

function recordPorts(answer: boolean): Recorded {
  const rec: Recorded = { confirms: [], toasts: [], storagePopups: [] };
  setFileActionPorts({
    confirm: async (_d, request) => {
      rec.confirms.push(request);
      return answer;
    },
    showToast: (_d, toast) => {
      const id = `t${rec.toasts.length}`;
      rec.toasts.push({ id, toast });
      return id;
    },
    resolveToast: (_d, id, toast) => {
      const entry = rec.toasts.find((t) => t.id === id);
      if (entry) entry.resolvedWith = toast;
    },
    notEnoughStorage: (_d, situation) => void rec.storagePopups.push(situation),
  });
  return rec;
}

type Handler = (body: { file_uuids?: string[]; fileid?: string[] }) => Response;
function fakeServer(routes: Record<string, Handler>) {
  const calls: { path: string; body: { file_uuids?: string[]; fileid?: string[] } }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname.replace(/^\/st\/4/, '');
      const body = JSON.parse(String(init.body ?? '{}'));
      calls.push({ path, body });
      const route = routes[path];
      return route
        ? route(body)
        : new Response('{"error":"Not Found"}', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}

const bulkOk = (body: { file_uuids?: string[]; fileid?: string[] }, failing: string[] = []) =>
  new Response(
    JSON.stringify({
      results: (body.file_uuids ?? body.fileid ?? []).map((id) =>
        failing.includes(id)
          ? { file_uuid: id, status: 'error', error_reason: 'not_found' }
          : { file_uuid: id, status: 'ok' },
      ),
      used_space: 0,
      max_space: 1,
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

let events: FileActionEvent[] = [];
let stopEvents = () => {};
beforeEach(() => {
  events = [];
  stopEvents = onFileActionEvent((event) => events.push(event));
});
afterEach(() => {
  stopEvents();
  setFileActionPorts(null);
  vi.unstubAllGlobals();
});

describe('visibility and the read-only rule', () => {
  it('offers only DELETE on the own timeline', () => {
    expect(availableFileActions(ctxOf()).map((a) => a.action.id)).toEqual(['DELETE']);
  });

  it('hides DELETE from anonymous visitors and from non-owners deleting others’ files', () => {
    expect(availableFileActions(ctxOf({ account: null })).map((a) => a.action.id)).toEqual([]);
    const foreign = ctxOf({ surface: 'album', isJobOwner: false, files: [file(1, 'someone')] });
    expect(availableFileActions(foreign).map((a) => a.action.id)).toEqual(['COPY_TO_TIMELINE']);
    const ownUpload = ctxOf({ surface: 'album', isJobOwner: false, files: [file(1, 'u1')] });
    expect(availableFileActions(ownUpload).map((a) => a.action.id)).toContain('DELETE');
  });

  it('offers RESTORE and PERM_DELETE in the trash, RESTORE disabled for a read-only user', () => {
    const readOnly = ctxOf({ surface: 'trash', account: { userId: 'u1', isReadOnly: true } });
    const listed = availableFileActions(readOnly);
    expect(listed.map((a) => [a.action.id, a.enabled, a.readOnlyBlocked])).toEqual([
      ['RESTORE', false, true],
      ['PERM_DELETE', true, false],
    ]);
  });

  it('disables copy to timeline for read-only users but keeps delete enabled', () => {
    const ctx = ctxOf({ surface: 'album', account: { userId: 'u1', isReadOnly: true } });
    const byId = Object.fromEntries(availableFileActions(ctx).map((a) => [a.action.id, a.enabled]));
    expect(byId).toEqual({ DELETE: true, COPY_TO_TIMELINE: false });
  });

  it('maps the Delete key to DELETE on the timeline and to nothing without a session', () => {
    expect(fileActionForKey('Delete', ctxOf())?.id).toBe('DELETE');
    expect(fileActionForKey('Delete', ctxOf({ account: null }))).toBeUndefined();
    expect(fileActionForKey('x', ctxOf())).toBeUndefined();
  });

  it('registers the selection actions once, with labels in the fileActions namespace', () => {
    const ids = FILE_ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const action of SELECTION_ACTIONS) {
      expect(FILE_ACTIONS).toContain(action);
      expect(action.labelKey).toMatch(/^fileActions:labels\./);
    }
  });
});

describe('DELETE', () => {
  const action = () => {
    const found = getFileAction('DELETE');
    if (!found) throw new Error('DELETE missing');
    return found;
  };

  it('does nothing when the confirmation is declined', async () => {
    const rec = recordPorts(false);
    const calls = fakeServer({});
    const result = await runFileAction(action(), ctxOf());
    expect(result.outcome).toBe('cancelled');
    expect(rec.confirms).toEqual([{ preset: 'deleteFile', params: { count: 2 } }]);
    expect(calls).toEqual([]);
  });

  it('deletes in chunks of 200, reports filesDeleted with Undo, and Undo rolls back in that job', async () => {
    const rec = recordPorts(true);
    const calls = fakeServer({
      '/jobs/job1/delete_files': (body) => bulkOk(body),
      '/jobs/job1/multi_rollback': (body) => bulkOk(body),
    });
    const files = Array.from({ length: 450 }, (_, i) => file(i));
    const result = await runFileAction(action(), ctxOf({ files }));
    expect(result).toMatchObject({ outcome: 'done', clearSelection: true });
    expect(result.fileIds).toHaveLength(450);
    expect(calls.map((c) => c.body.file_uuids?.length)).toEqual([200, 200, 50]);
    expect(events).toEqual([{ kind: 'removed', jobId: 'job1', fileIds: files.map((f) => f.fileID) }]);
    const toast = rec.toasts[0];
    expect(toast?.toast).toMatchObject({ type: 'deletingFiles', params: { count: 450 } });
    expect(toast?.resolvedWith).toMatchObject({ type: 'filesDeleted', params: { count: 450 } });
    expect(toast?.resolvedWith?.action?.label).toBe('undo');

    toast?.resolvedWith?.action?.onClick();
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(
      calls.filter((c) => c.path === '/jobs/job1/multi_rollback').map((c) => c.body.file_uuids?.length),
    ).toEqual([200, 200, 50]);
    expect(calls.some((c) => c.path === '/trash_can/restore')).toBe(false);
    expect(events[1]).toMatchObject({ kind: 'restored', jobId: 'job1' });
    expect(rec.toasts[1]?.resolvedWith).toMatchObject({ type: 'filesWereRestored', params: { count: 450 } });
  });

  it('gives no Undo to a non-owner deleting their own upload', async () => {
    const rec = recordPorts(true);
    fakeServer({ '/jobs/job1/delete_files': (body) => bulkOk(body) });
    await runFileAction(action(), ctxOf({ surface: 'album', isJobOwner: false }));
    expect(rec.toasts[0]?.resolvedWith?.type).toBe('filesDeleted');
    expect(rec.toasts[0]?.resolvedWith?.action).toBeUndefined();
  });

  it('reports a partial failure with Retry for the failed files only', async () => {
    const rec = recordPorts(true);
    const calls = fakeServer({ '/jobs/job1/delete_files': (body) => bulkOk(body, ['f2']) });
    const result = await runFileAction(action(), ctxOf());
    expect(result).toMatchObject({ outcome: 'partial', fileIds: ['f1'], failedIds: ['f2'] });
    const resolved = rec.toasts[0]?.resolvedWith;
    expect(resolved).toMatchObject({ type: 'filesDeletionFailed', params: { count: 1 } });
    expect(resolved?.action?.label).toBe('retry');
    resolved?.action?.onClick();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body.file_uuids).toEqual(['f2']);
  });

  it('suppresses Retry when the server says Forbidden', async () => {
    const rec = recordPorts(true);
    fakeServer({
      '/jobs/job1/delete_files': () =>
        new Response('{"error":"Forbidden"}', { status: 403, statusText: 'Forbidden' }),
    });
    const result = await runFileAction(action(), ctxOf());
    expect(result.outcome).toBe('failed');
    expect(rec.toasts[0]?.resolvedWith).toMatchObject({ type: 'filesDeletionFailed' });
    expect(rec.toasts[0]?.resolvedWith?.action).toBeUndefined();
    expect(events).toEqual([]);
  });
});

describe('COPY_TO_TIMELINE', () => {
  it('keeps the selection and reports copied files', async () => {
    const rec = recordPorts(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init: RequestInit = {}) => {
        expect(init.body).toBe('f1\nf2');
        return new Response(
          JSON.stringify({ copied: [{ from: 'f1', to: 'n1' }], failed: [{ id: 'f2', reason: 'not_found' }] }),
          {
            status: 200,
          },
        );
      }),
    );
    const action = getFileAction('COPY_TO_TIMELINE');
    if (!action) throw new Error('missing');
    const result = await runFileAction(action, ctxOf({ surface: 'share', isJobOwner: false }));
    expect(result).toMatchObject({
      outcome: 'partial',
      fileIds: ['f1'],
      failedIds: ['f2'],
      clearSelection: false,
      failureReason: 'unknown',
    });
    expect(rec.confirms).toEqual([]);
    expect(rec.toasts[0]?.resolvedWith?.type).toBe('filesCopiedToTimelineFailed');
    expect(rec.storagePopups).toEqual([]);
  });

  it.each([
    [413, '{"error":"out_of_storage"}', 'out_of_storage', ['add']],
    [500, '{"error":"Internal Server Error"}', 'unknown', []],
    [403, '{"error":"read_only_user"}', 'unknown', []],
  ])(
    'an answer %i fails the copy with reason %s (and the storage popup for 413)',
    async (status, body, reason, popups) => {
      const rec = recordPorts(true);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
      );
      const action = getFileAction('COPY_TO_TIMELINE');
      if (!action) throw new Error('missing');
      const result = await runFileAction(action, ctxOf({ surface: 'share', isJobOwner: false }));
      expect(result).toMatchObject({
        outcome: 'failed',
        fileIds: [],
        failedIds: ['f1', 'f2'],
        failureReason: reason,
      });
      expect(rec.storagePopups).toEqual(popups);
      expect(rec.toasts[0]?.resolvedWith?.type).toBe('filesCopiedToTimelineFailed');
      expect(events).toEqual([]);
    },
  );

  it('refuses to run for a read-only user even if called directly', async () => {
    recordPorts(true);
    const calls = fakeServer({});
    const action = getFileAction('COPY_TO_TIMELINE');
    if (!action) throw new Error('missing');
    const ctx = ctxOf({ surface: 'share', isJobOwner: false, account: { userId: 'u1', isReadOnly: true } });
    expect((await runFileAction(action, ctx)).outcome).toBe('cancelled');
    expect(calls).toEqual([]);
  });
});

describe('PERM_DELETE', () => {
  it('asks deleteForever and calls empty_trash_can', async () => {
    const rec = recordPorts(true);
    const calls = fakeServer({ '/empty_trash_can': (body) => bulkOk(body) });
    const action = getFileAction('PERM_DELETE');
    if (!action) throw new Error('missing');
    const result = await runFileAction(action, ctxOf({ surface: 'trash' }));
    expect(rec.confirms[0]?.preset).toBe('deleteForever');
    expect(calls[0]?.body.fileid).toEqual(['f1', 'f2']);
    expect(result.outcome).toBe('done');
    expect(events).toEqual([
      { kind: 'trashProcessing', fileIds: ['f1', 'f2'], processing: 'deleting' },
      { kind: 'permanentlyDeleted', fileIds: ['f1', 'f2'] },
    ]);
    expect(rec.toasts[0]?.toast).toMatchObject({ type: 'trashFilesDeleted', params: { count: 2 } });
  });
});

describe('RESTORE', () => {
  it('restores through trash_can/restore and tells which files did not fit the storage', async () => {
    const rec = recordPorts(true);
    const calls = fakeServer({
      '/trash_can/restore': () =>
        new Response(
          JSON.stringify({
            results: [
              { file_uuid: 'f1', status: 'ok' },
              { file_uuid: 'f2', status: 'error', error_reason: 'out_of_storage' },
            ],
            // Refused only while the account is over its storage (after a downgrade, say).
            used_space: 12,
            max_space: 10,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const action = getFileAction('RESTORE');
    if (!action) throw new Error('missing');
    const result = await runFileAction(action, ctxOf({ surface: 'trash' }));
    expect(calls[0]?.body.file_uuids).toEqual(['f1', 'f2']);
    expect(result).toMatchObject({ outcome: 'partial', fileIds: ['f1'], failedIds: ['f2'] });
    expect(events).toEqual([
      { kind: 'trashProcessing', fileIds: ['f1', 'f2'], processing: 'restoring' },
      { kind: 'restored', jobId: 'job1', fileIds: ['f1'] },
    ]);
    expect(rec.storagePopups).toEqual(['restore']);
    expect(rec.toasts[0]?.resolvedWith).toMatchObject({
      type: 'filesRestorationFailed',
      params: { count: 1 },
    });
  });
});
