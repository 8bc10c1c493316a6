import type { PickerChoice } from './album-picker.rules';

/**
 * The open picker request, outside the store because its answer is a promise. One at a time: a
 * second request answers the first with null (cancelled).
 */
export interface PickerRequest {
  currentAlbumId: string | null;
  resolve(choice: PickerChoice | null): void;
}

let current: PickerRequest | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

/** Opens the album picker; answers the choice, or null when it was cancelled. */
export function requestAlbumPick(
  options: { currentAlbumId?: string | null } = {},
): Promise<PickerChoice | null> {
  current?.resolve(null);
  return new Promise((resolve) => {
    current = { currentAlbumId: options.currentAlbumId ?? null, resolve };
    notify();
  });
}

export function answerAlbumPick(choice: PickerChoice | null): void {
  const request = current;
  current = null;
  request?.resolve(choice);
  notify();
}

export const currentPickRequest = (): PickerRequest | null => current;

export function onPickRequestChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
