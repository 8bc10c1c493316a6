import type { PendingAction, PendingActionType } from './pending-action.registry';

/** The login-gated pages (core.md §2) and the action each one remembers. */
export type GateScreen =
  | 'createAlbumGate'
  | 'subscribeAlbumGate'
  | 'copyAlbumGate'
  | 'copyAlbumFileGate'
  | 'copyShareGate';

export const GATE_ACTION: Record<GateScreen, PendingActionType> = {
  createAlbumGate: 'createAlbumFrom',
  subscribeAlbumGate: 'subscribeAlbum',
  copyAlbumGate: 'copyAlbum',
  copyAlbumFileGate: 'copyAlbumFile',
  copyShareGate: 'copyShare',
};

/** Builds the remembered action from the route's params; lands on the album or share afterwards. */
export function gateAction(
  screen: GateScreen,
  params: Readonly<Record<string, string | undefined>>,
): PendingAction {
  const type = GATE_ACTION[screen];
  const kept: Record<string, string> = {};
  for (const key of ['albumIDB64', 'albumID', 'fileID', 'shareID']) {
    const value = params[key];
    if (value) kept[key] = value;
  }
  const redirectTo =
    screen === 'copyShareGate'
      ? `/share/${encodeURIComponent(kept.shareID ?? '')}`
      : `/a/${encodeURIComponent(kept.albumIDB64 ?? kept.albumID ?? '')}`;
  return { type, params: kept, redirectTo };
}
