import type { FileActionFile } from '../../file-actions/file-action.types';

/** A share dialog asked for by the share file action, answered when the dialog closes. */
export interface ShareRequest {
  files: readonly FileActionFile[];
  signedIn: boolean;
  resolve(outcome: 'shared' | 'cancelled' | 'failed'): void;
}

let current: ShareRequest | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function requestShare(
  request: Omit<ShareRequest, 'resolve'>,
): Promise<'shared' | 'cancelled' | 'failed'> {
  current?.resolve('cancelled');
  return new Promise((resolve) => {
    current = { ...request, resolve };
    notify();
  });
}

export function answerShare(outcome: 'shared' | 'cancelled' | 'failed'): void {
  const request = current;
  current = null;
  request?.resolve(outcome);
  notify();
}

export const currentShareRequest = (): ShareRequest | null => current;

export function onShareRequestChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
