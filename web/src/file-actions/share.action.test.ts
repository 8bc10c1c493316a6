import { afterEach, describe, expect, it, vi } from 'vitest';
import { timelineFiles } from '../test/file-action.test-data';
import { type FileActionToast, setFileActionPorts } from './file-action.ports';
import { availableFileActions, runFileAction } from './file-action.registry';
import type { FileActionContext } from './file-action.types';
import { shareAction } from './share.action';

const files = timelineFiles(2);
const ctx = (over: Partial<FileActionContext> = {}): FileActionContext => ({
  surface: 'timeline',
  jobId: 'timeline',
  files,
  account: { userId: 'u1', isReadOnly: false },
  isJobOwner: true,
  dispatch: vi.fn(),
  ...over,
});

function ports(outcome: 'shared' | 'cancelled' | 'failed') {
  const toasts: FileActionToast[] = [];
  const asked: { ids: string[]; signedIn: boolean }[] = [];
  setFileActionPorts({
    confirm: async () => true,
    showToast: (_d, toast) => {
      toasts.push(toast);
      return 't';
    },
    resolveToast: () => undefined,
    share: async (_d, chosen, signedIn) => {
      asked.push({ ids: chosen.map((f) => f.fileID), signedIn });
      return outcome;
    },
  });
  return { toasts, asked };
}

afterEach(() => setFileActionPorts(null));

describe('share action', () => {
  it('opens the dialog with the selection; filesWereShared and a cleared selection once shared', async () => {
    const seen = ports('shared');
    const result = await runFileAction(shareAction, ctx());
    expect(seen.asked).toEqual([{ ids: ['f1', 'f2'], signedIn: true }]);
    expect(seen.toasts.map((t) => t.type)).toEqual(['filesWereShared']);
    expect(result).toMatchObject({ outcome: 'done', clearSelection: true, fileIds: ['f1', 'f2'] });
  });

  it('reports shareCreationFailed when no link came back, nothing when cancelled', async () => {
    const failed = ports('failed');
    expect((await runFileAction(shareAction, ctx())).outcome).toBe('failed');
    expect(failed.toasts.map((t) => t.type)).toEqual(['shareCreationFailed']);
    const cancelled = ports('cancelled');
    expect((await runFileAction(shareAction, ctx())).clearSelection).toBe(false);
    expect(cancelled.toasts).toEqual([]);
  });

  it('is blocked for read-only users and offered to a signed-out visitor', () => {
    const share = (c: FileActionContext) => availableFileActions(c).find((a) => a.action.id === 'SHARE');
    expect(share(ctx({ account: { userId: 'u1', isReadOnly: true } }))).toMatchObject({ enabled: false });
    expect(share(ctx({ account: null }))).toMatchObject({ enabled: true });
    expect(share(ctx({ surface: 'trash' }))).toBeUndefined();
  });
});
