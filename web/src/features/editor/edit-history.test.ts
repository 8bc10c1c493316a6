import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  commit,
  createHistory,
  endGroup,
  hasChanges,
  historyReducer,
  redo,
  undo,
} from './edit-history';
import { type EditState, INITIAL_EDIT_STATE } from './engine/edit-state';

const brightness = (value: number, from: EditState = INITIAL_EDIT_STATE): EditState => ({
  ...from,
  adjustments: { ...from.adjustments, brightness: value },
});

describe('edit history', () => {
  it('starts with nothing to undo, redo or save', () => {
    const history = createHistory();
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
    expect(hasChanges(history)).toBe(false);
  });

  it('undoes and redoes each step in order', () => {
    let history = createHistory();
    history = commit(history, brightness(0.1));
    history = commit(history, brightness(0.2, history.present));
    expect(history.present.adjustments.brightness).toBe(0.2);
    history = undo(history);
    expect(history.present.adjustments.brightness).toBe(0.1);
    history = undo(history);
    expect(history.present).toBe(INITIAL_EDIT_STATE);
    expect(canUndo(history)).toBe(false);
    history = redo(redo(history));
    expect(history.present.adjustments.brightness).toBe(0.2);
    expect(canRedo(history)).toBe(false);
  });

  it('folds a slider drag into one step', () => {
    let history = createHistory();
    for (const value of [0.1, 0.2, 0.3, 0.4]) {
      history = commit(history, brightness(value, history.present), 'adjust:brightness');
    }
    history = endGroup(history);
    expect(history.past).toHaveLength(1);
    history = undo(history);
    expect(history.present.adjustments.brightness).toBe(0);
  });

  it('starts a new step after the gesture ends, even on the same slider', () => {
    let history = createHistory();
    history = commit(history, brightness(0.1), 'adjust:brightness');
    history = endGroup(history);
    history = commit(history, brightness(0.5, history.present), 'adjust:brightness');
    expect(history.past).toHaveLength(2);
    expect(undo(history).present.adjustments.brightness).toBe(0.1);
  });

  it('starts a new step when another control changes mid-group', () => {
    let history = createHistory();
    history = commit(history, brightness(0.1), 'adjust:brightness');
    history = commit(
      history,
      { ...history.present, transform: { ...history.present.transform, flipH: true } },
      'flip',
    );
    expect(history.past).toHaveLength(2);
  });

  it('drops the redo branch when a new change is made after undo', () => {
    let history = commit(commit(createHistory(), brightness(0.1)), brightness(0.2));
    history = undo(history);
    history = commit(history, brightness(0.9, history.present));
    expect(canRedo(history)).toBe(false);
    expect(history.present.adjustments.brightness).toBe(0.9);
  });

  it('has no changes once every step is undone, or when a change is set back by hand', () => {
    let history = commit(createHistory(), brightness(0.3));
    expect(hasChanges(history)).toBe(true);
    expect(hasChanges(undo(history))).toBe(false);
    history = commit(history, brightness(0, history.present));
    expect(hasChanges(history)).toBe(false);
  });

  it('ignores a commit of the same value and undo or redo with nothing to do', () => {
    const history = createHistory();
    expect(commit(history, history.present)).toBe(history);
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });

  it('runs as a reducer', () => {
    let history = createHistory();
    history = historyReducer(history, { type: 'commit', next: brightness(0.2), group: 'drag' });
    history = historyReducer(history, { type: 'commit', next: brightness(0.3), group: 'drag' });
    history = historyReducer(history, { type: 'endGroup' });
    history = historyReducer(history, { type: 'undo' });
    expect(history.present).toBe(INITIAL_EDIT_STATE);
    history = historyReducer(history, { type: 'redo' });
    expect(history.present.adjustments.brightness).toBe(0.3);
  });
});
