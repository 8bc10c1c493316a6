import { describe, expect, it } from 'vitest';
import {
  trashListActions as actions,
  hasMore,
  initialTrashListState,
  selectedItems,
  type TrashListState,
  trashListReducer,
} from './trash-list.slice';

type Item = { id: string; dtime: number };
const item = (id: string): Item => ({ id, dtime: 1_700_000_000 });
const run = (state: TrashListState<Item>, ...list: { type: string; payload?: unknown }[]) =>
  list.reduce<TrashListState<Item>>((s, action) => trashListReducer(s, action), state);
const start = () => initialTrashListState<Item>();

describe('trash fetch', () => {
  it('goes not started → pending → fetched, and pending → failed → pending → fetched on retry', () => {
    expect(start().status).toBe('notStarted');
    const pending = run(start(), actions.fetchStarted());
    expect(pending.status).toBe('pending');
    const fetched = run(pending, actions.fetched({ items: [item('a'), item('b')], total: 3 }));
    expect(fetched).toMatchObject({ status: 'fetched', total: 3 });
    expect(hasMore(fetched)).toBe(true);
    const more = run(
      fetched,
      actions.fetchStarted(),
      actions.fetched({ items: [item('b'), item('c')], total: 3, append: true }),
    );
    expect(more.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(hasMore(more)).toBe(false);

    const failed = run(start(), actions.fetchStarted(), actions.fetchFailed());
    expect(failed.status).toBe('failed');
    expect(run(failed, actions.fetchStarted(), actions.fetched({ items: [], total: 0 })).status).toBe(
      'fetched',
    );
  });

  it('passes items through processing: removed on success, back (unselected) on failure', () => {
    const listed = run(
      start(),
      actions.fetched({ items: [item('a'), item('b'), item('c')], total: 3 }),
      actions.toggled('a'),
      actions.toggled('b'),
    );
    expect(selectedItems(listed).map((i) => i.id)).toEqual(['a', 'b']);
    const busy = run(listed, actions.processingStarted({ ids: ['a', 'b'], kind: 'restoring' }));
    expect(busy.processing).toEqual({ a: 'restoring', b: 'restoring' });
    expect(busy.selected).toEqual([]);
    // A processing item cannot be selected meanwhile, nor by select-all.
    expect(run(busy, actions.toggled('a')).selected).toEqual([]);
    expect(run(busy, actions.allToggled()).selected).toEqual(['c']);

    const done = run(busy, actions.processed(['a']), actions.processingFailed(['b']));
    expect(done.items.map((i) => i.id)).toEqual(['b', 'c']);
    expect(done.total).toBe(2);
    expect(done.processing).toEqual({});
  });

  it('keeps the selection to listed items across a refetch and toggles all', () => {
    const listed = run(
      start(),
      actions.fetched({ items: [item('a'), item('b')], total: 2 }),
      actions.allToggled(),
    );
    expect(listed.selected).toEqual(['a', 'b']);
    expect(run(listed, actions.allToggled()).selected).toEqual([]);
    const refetched = run(listed, actions.fetchStarted(), actions.fetched({ items: [item('b')], total: 1 }));
    expect(refetched.selected).toEqual(['b']);
    expect(run(refetched, actions.toggled('zzz')).selected).toEqual(['b']);
    expect(run(refetched, actions.selectionCleared()).selected).toEqual([]);
  });
});
