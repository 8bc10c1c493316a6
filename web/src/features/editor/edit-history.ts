import { type EditState, INITIAL_EDIT_STATE } from './engine/edit-state';

/**
 * Undo and redo over EditState values. A step is a new state; a slider drag, a handle drag or a
 * brush stroke names a group, and every change in the same group replaces the group's one step,
 * so one gesture is undone at once.
 */
export interface EditHistory {
  past: readonly EditState[];
  present: EditState;
  future: readonly EditState[];
  /** The gesture whose changes fold into the current step; null when the next change is a new step. */
  group: string | null;
  /** The state the editor opened with: unsaved changes are any difference from it. */
  initial: EditState;
}

export function createHistory(initial: EditState = INITIAL_EDIT_STATE): EditHistory {
  return { past: [], present: initial, future: [], group: null, initial };
}

/** Records `next` as a new step, or, within the open group of the same name, folds it into the last step. */
export function commit(history: EditHistory, next: EditState, group: string | null = null): EditHistory {
  if (next === history.present) return history;
  if (group !== null && group === history.group && history.past.length > 0) {
    return { ...history, present: next, future: [] };
  }
  return { ...history, past: [...history.past, history.present], present: next, future: [], group };
}

/** Ends a gesture: the next change starts a new step even under the same group name. */
export const endGroup = (history: EditHistory): EditHistory =>
  history.group === null ? history : { ...history, group: null };

export const canUndo = (history: EditHistory): boolean => history.past.length > 0;
export const canRedo = (history: EditHistory): boolean => history.future.length > 0;

export function undo(history: EditHistory): EditHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    group: null,
  };
}

export function redo(history: EditHistory): EditHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { ...history, past: [...history.past, history.present], present: next, future: rest, group: null };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** The photo differs from how it was opened (undoing back to the start leaves nothing to save). */
export const hasChanges = (history: EditHistory): boolean => !sameValue(history.present, history.initial);

export type HistoryAction =
  | { type: 'commit'; next: EditState; group?: string }
  /** A change computed from the state as it is when applied (many pointer events between renders). */
  | { type: 'apply'; update: (present: EditState) => EditState; group?: string }
  | { type: 'endGroup' }
  | { type: 'undo' }
  | { type: 'redo' };

export function historyReducer(history: EditHistory, action: HistoryAction): EditHistory {
  switch (action.type) {
    case 'commit':
      return commit(history, action.next, action.group ?? null);
    case 'apply':
      return commit(history, action.update(history.present), action.group ?? null);
    case 'endGroup':
      return endGroup(history);
    case 'undo':
      return undo(history);
    case 'redo':
      return redo(history);
  }
}
