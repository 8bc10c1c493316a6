/**
 * Toast button callbacks. The store holds only a callback id so it stays serialisable;
 * the functions live here until their toast goes away.
 */
const callbacks = new Map<string, () => void>();
let next = 0;

export function registerToastCallback(fn: () => void): string {
  next += 1;
  const id = `toast-action-${next}`;
  callbacks.set(id, fn);
  return id;
}

/** Runs and forgets the callback; returns false when it was already gone. */
export function runToastCallback(id: string): boolean {
  const fn = callbacks.get(id);
  if (!fn) return false;
  callbacks.delete(id);
  fn();
  return true;
}

export function dropToastCallback(id: string | undefined): void {
  if (id) callbacks.delete(id);
}
