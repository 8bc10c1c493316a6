import type { Dispatch } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BrowserTransfer, setBrowserTransfer } from '../../file-actions/browser-transfer';
import { setFileActionPorts } from '../../file-actions/file-action.ports';
import type { FileActionContext, FileActionFile } from '../../file-actions/file-action.types';
import { fileRecord } from '../../file-actions/file-record.test-data';
import { FileMenu } from './file-menu.component';
import { fileMenuEntries } from './file-menu.entries';

const dispatch = vi.fn() as unknown as Dispatch;
const ctx = (files: FileActionFile[], extra: Partial<FileActionContext> = {}): FileActionContext => ({
  surface: 'viewer',
  jobId: 'job-1',
  files,
  account: { userId: 'user-1', isReadOnly: false },
  isJobOwner: true,
  dispatch,
  ...extra,
});
const ids = (context: FileActionContext, exclude?: Parameters<typeof fileMenuEntries>[1]) =>
  fileMenuEntries(context, exclude).map((entry) => entry.action.id);

const picture = fileRecord('p');
const heic = fileRecord('h', { fileName: 'IMG.heic' });
const movie = fileRecord('m', { duration: 4, file_type: 'Movies', fileName: 'm.mp4' });

describe('file context menu entries (core.md §2)', () => {
  it('a picture on the timeline: edit, delete, copy to clipboard, download; no cover outside albums', () => {
    expect(ids(ctx([picture]))).toEqual(['EDIT', 'DELETE', 'COPY_TO_CLIPBOARD', 'DOWNLOAD']);
  });

  it('a HEIC picture adds export; a movie has no clipboard copy and no editor', () => {
    expect(ids(ctx([heic]))).toEqual(['EDIT', 'DELETE', 'COPY_TO_CLIPBOARD', 'EXPORT', 'DOWNLOAD']);
    expect(ids(ctx([movie]))).toEqual(['DELETE', 'DOWNLOAD']);
  });

  it('edit is for the job owner or the uploader, one picture at a time, never in the trash', () => {
    const others = fileRecord('o', { user_uuid: 'someone-else' });
    const mine = fileRecord('m2', { user_uuid: 'user-1' });
    expect(ids(ctx([others], { surface: 'album', isJobOwner: false }))).not.toContain('EDIT');
    expect(ids(ctx([mine], { surface: 'album', isJobOwner: false }))).toContain('EDIT');
    expect(ids(ctx([picture, heic]))).not.toContain('EDIT');
    expect(ids(ctx([picture], { surface: 'trash' }))).not.toContain('EDIT');
  });

  it('in an album with the cover permission, set as cover comes first', () => {
    const album = ctx([picture], {
      surface: 'album',
      isJobOwner: true,
      permissions: { setFileAsAlbumCoverPhoto: true, deleteFile: true },
    });
    expect(ids(album)[0]).toBe('SET_COVER');
  });

  it('delete needs the right: someone else’s file in an album without deleteFile is not deletable', () => {
    const others = fileRecord('o', { user_uuid: 'someone-else' });
    expect(ids(ctx([others], { surface: 'album', isJobOwner: false }))).not.toContain('DELETE');
  });

  it('a surface can leave out what it shows as a button', () => {
    expect(ids(ctx([picture]), ['DELETE', 'EDIT'])).toEqual(['COPY_TO_CLIPBOARD', 'DOWNLOAD']);
  });
});

describe('FileMenu', () => {
  let downloads: string[] = [];
  beforeEach(() => {
    downloads = [];
    const transfer: BrowserTransfer = {
      download: (_url, name) => void downloads.push(name),
      copyImage: async () => undefined,
      pause: async () => undefined,
    };
    setBrowserTransfer(transfer);
    setFileActionPorts({ confirm: async () => true, showToast: () => 'id', resolveToast: () => undefined });
  });
  afterEach(() => {
    setBrowserTransfer(null);
    setFileActionPorts(null);
  });

  it('lists the actions as menu items and runs the chosen one', async () => {
    const results: string[] = [];
    render(
      <FileMenu
        context={ctx([heic])}
        exclude={['DELETE', 'EDIT']}
        onResult={(id, r) => results.push(`${id}:${r.outcome}`)}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    // The menu layer arrives with the first opening.
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Copy to clipboard', 'Export as JPEG', 'Download']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export as JPEG' }));
    await vi.waitFor(() => expect(results).toEqual(['EXPORT:done']));
    expect(downloads).toEqual(['IMG.jpg']);
  });

  /** Opens the menu: each item's label and whether it is disabled. */
  async function openedItems() {
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    const items = await screen.findAllByRole('menuitem');
    return items.map((item) => [item.textContent, item.getAttribute('aria-disabled') === 'true']);
  }

  it('a read-only user deletes their own file; set as cover and copy to timeline need a subscription', async () => {
    const deleted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const { file_uuids } = JSON.parse(String(init.body ?? '{}')) as { file_uuids: string[] };
        deleted.push(`${new URL(input, 'http://localhost').pathname} ${file_uuids.join(',')}`);
        const results = file_uuids.map((file_uuid) => ({ file_uuid, status: 'ok' }));
        return Response.json({ results, used_space: 0, max_space: 0 });
      }),
    );
    const results: string[] = [];
    const readOnlyInAlbum = ctx([picture], {
      surface: 'album',
      isJobOwner: true,
      account: { userId: 'user-1', isReadOnly: true },
      permissions: { setFileAsAlbumCoverPhoto: true, deleteFile: true },
    });
    render(<FileMenu context={readOnlyInAlbum} onResult={(id, r) => results.push(`${id}:${r.outcome}`)} />);
    expect(await openedItems()).toEqual([
      ['Set as cover (needs a subscription)', false],
      ['Edit photo (needs a subscription)', false],
      ['Delete', false],
      ['Copy to clipboard', false],
      ['Download', false],
      ['Add to my timeline (needs a subscription)', false],
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await vi.waitFor(() => expect(results).toEqual(['DELETE:done']));
    expect(deleted).toEqual(['/st/4/jobs/job-1/delete_files p']);
    vi.unstubAllGlobals();
  });

  it('in the trash a read-only user may delete forever; restore needs a subscription, which it offers', async () => {
    const offered = vi.fn();
    const fetched = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetched);
    setFileActionPorts({
      confirm: async () => true,
      showToast: () => 'id',
      resolveToast: () => undefined,
      subscriptionRequired: offered,
    });
    render(
      <FileMenu
        context={ctx([picture], { surface: 'trash', account: { userId: 'user-1', isReadOnly: true } })}
      />,
    );
    expect(await openedItems()).toEqual([
      ['Restore (needs a subscription)', false],
      ['Delete permanently', false],
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Restore (needs a subscription)' }));
    expect(offered).toHaveBeenCalledTimes(1);
    // The Subscription overlay instead of the restore: nothing was asked of the server.
    expect(fetched).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('a disabled trigger when nothing applies', () => {
    render(<FileMenu context={ctx([picture], { surface: 'trash', account: null })} />);
    expect((screen.getByRole('button', { name: 'More options' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
