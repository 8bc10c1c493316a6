import { afterEach, describe, expect, it } from 'vitest';
import { restoreAll } from './restore-all';
import { setTrashPorts, type TrashToast } from './trash.ports';
import { albumRestoreAllIo, runAlbumCommand } from './trash-album-commands';
import { initialTrashListState, type TrashListState, trashListReducer } from './trash-list.slice';

type Album = { id: string; dtime: number };
const dispatch = (() => undefined) as never;

function harness(confirmAnswer = true) {
  let state: TrashListState<Album> = {
    ...initialTrashListState<Album>(),
    status: 'fetched',
    items: [
      { id: 'a', dtime: 1 },
      { id: 'b', dtime: 1 },
      { id: 'c', dtime: 1 },
    ],
    total: 3,
  };
  const seen: TrashListState<Album>[] = [];
  const toasts: TrashToast[] = [];
  const confirms: number[] = [];
  setTrashPorts({
    confirmDeleteForever: async (_d, count) => {
      confirms.push(count);
      return confirmAnswer;
    },
    showToast: (_d, toast) => void toasts.push(toast),
  });
  return {
    toasts,
    confirms,
    seen,
    state: () => state,
    list: (action: { type: string; payload?: unknown }) => {
      state = trashListReducer(state, action);
      seen.push(state);
    },
  };
}

afterEach(() => setTrashPorts(null));

describe('album trash commands', () => {
  it('restores: processing first, then out of the list with a success toast', async () => {
    const h = harness();
    await runAlbumCommand(
      'restoring',
      ['a', 'b'],
      { list: h.list, call: async () => ({ success: [{ uuid: 'a' }, { uuid: 'b' }] }) },
      dispatch,
    );
    expect(h.seen[0]?.processing).toEqual({ a: 'restoring', b: 'restoring' });
    expect(h.state().items.map((i) => i.id)).toEqual(['c']);
    expect(h.toasts).toEqual([{ type: 'trashAlbumsRestoreSuccess', params: { count: 2 } }]);
    expect(h.confirms).toEqual([]);
  });

  it('keeps what the server did not list and says so; a failed call fails them all', async () => {
    const h = harness();
    await runAlbumCommand(
      'deleting',
      ['a', 'b'],
      { list: h.list, call: async () => ({ success: [{ uuid: 'b' }] }) },
      dispatch,
    );
    expect(h.confirms).toEqual([2]);
    expect(h.state().items.map((i) => i.id)).toEqual(['a', 'c']);
    expect(h.state().processing).toEqual({});
    expect(h.toasts).toEqual([
      { type: 'trashAlbumsDeleteSuccess', params: { count: 1 } },
      { type: 'trashAlbumsDeleteFailed', params: { count: 1 } },
    ]);

    const broken = harness();
    await runAlbumCommand(
      'restoring',
      ['c'],
      { list: broken.list, call: async () => Promise.reject(new Error('offline')) },
      dispatch,
    );
    expect(broken.state().items).toHaveLength(3);
    expect(broken.toasts).toEqual([{ type: 'trashAlbumsRestoreFailed', params: { count: 1 } }]);
  });

  it('does nothing when delete forever is not confirmed', async () => {
    const h = harness(false);
    let called = false;
    await runAlbumCommand(
      'deleting',
      ['a'],
      {
        list: h.list,
        call: async () => {
          called = true;
          return { success: [] };
        },
      },
      dispatch,
    );
    expect(called).toBe(false);
    expect(h.seen).toEqual([]);
  });
});

describe('restore all over the album trash', () => {
  it('restores every album through the restore-all rule; one the server leaves out stays and counts as failed', async () => {
    let trash = ['a1', 'a2', 'a3'].map((id) => ({ id }));
    const calls: string[][] = [];
    const outcome = await restoreAll(
      albumRestoreAllIo({
        list: async () => trash,
        restore: async (ids) => {
          calls.push(ids);
          const success = ids.filter((id) => id !== 'a2').map((uuid) => ({ uuid }));
          trash = trash.filter((album) => !success.some((entry) => entry.uuid === album.id));
          return { success };
        },
      }),
      () => undefined,
    );
    expect(calls).toEqual([['a1', 'a2', 'a3']]);
    expect(outcome).toEqual({ restored: 2, failed: 1, outOfStorage: 0, total: 3 });
    expect(trash).toEqual([{ id: 'a2' }]);
  });
});
