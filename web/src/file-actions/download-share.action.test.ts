import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBrowserTransfer } from './browser-transfer';
import { downloadShare } from './download-share.action';
import { type FileActionPorts, type FileActionToast, setFileActionPorts } from './file-action.ports';
import type { DownloadableFile } from './file-action.types';

const file = (n: number, previewURL: string | undefined = `/media/f${n}`): DownloadableFile => ({
  fileID: `f${n}`,
  fileName: `IMG_${n}.jpg`,
  path: `Ferie/IMG_${n}.jpg`,
  size: 1000,
  previewURL,
});

function record(archives?: FileActionPorts['downloadArchives']) {
  const downloads: Array<[string, string]> = [];
  const toasts: FileActionToast[] = [];
  setBrowserTransfer({
    download: (url, name) => void downloads.push([url, name]),
    copyImage: async () => {},
    pause: async () => {},
  });
  setFileActionPorts({
    confirm: async () => true,
    showToast: (_d, toast) => {
      toasts.push(toast);
      return 't';
    },
    resolveToast: () => {},
    ...(archives ? { downloadArchives: archives } : {}),
  });
  return { downloads, toasts };
}

afterEach(() => {
  setFileActionPorts(null);
  setBrowserTransfer(null);
});

describe('downloading a share', () => {
  it('saves one file straight through its signed URL, without an archive', async () => {
    const archives = vi.fn();
    const { downloads } = record(archives);
    expect(await downloadShare(vi.fn(), { id: 's1', password: null }, [file(1)])).toBe('done');
    expect(downloads).toEqual([['/media/f1', 'IMG_1.jpg']]);
    expect(archives).not.toHaveBeenCalled();
  });

  it("packs several files as the share's archives, with the password the visitor typed", async () => {
    const archives = vi.fn(async () => ({ okIds: ['f1', 'f2'], failedIds: [] }));
    const { downloads } = record(archives);
    const files = [file(1), file(2)];
    expect(await downloadShare(vi.fn(), { id: 's1', password: 'sesam' }, files)).toBe('done');
    expect(archives).toHaveBeenCalledWith(expect.any(Function), {
      from: { shareId: 's1' },
      files,
      kind: 'selection',
      password: 'sesam',
    });
    expect(downloads).toEqual([]);
  });

  it('reports the files whose archive could not be made', async () => {
    const { toasts } = record(async () => ({ okIds: ['f1'], failedIds: ['f2'] }));
    expect(await downloadShare(vi.fn(), { id: 's1', password: null }, [file(1), file(2)])).toBe('partial');
    expect(toasts).toEqual([{ type: 'filesDownloadFailed', params: { count: 1 }, fileIds: ['f2'] }]);
  });

  it('has nothing to do for an empty share', async () => {
    const archives = vi.fn();
    record(archives);
    expect(await downloadShare(vi.fn(), { id: 's1', password: null }, [])).toBe('cancelled');
    expect(archives).not.toHaveBeenCalled();
  });
});
