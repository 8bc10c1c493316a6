import type { ReactNode } from 'react';
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

/**
 * What a signed-out guest may be asked before a gate (core.md §2 Name prompt, context
 * albumCreation), lent by the app: their name, then register with it, sign in, or cancel.
 */
export interface GuestPromptProps {
  onCancel(): void;
  onSignIn(create: boolean, name?: string): void;
  /** Which of the two is on its way to the sign-in pages. */
  leaving: 'signIn' | 'create' | null;
}
export type RenderGuestPrompt = (props: GuestPromptProps) => ReactNode;

/** The guest's answer in that prompt. */
export type GuestPromptChoice = { type: 'cancel' } | { type: 'signIn'; create: boolean; name?: string };

/** Where the answer leads: back where the guest was, or to the provider with the action remembered. */
export type GuestPromptStep =
  | { type: 'leave'; to: string }
  | { type: 'login'; options: { create: boolean; nameHint?: string; pendingAction: PendingAction } };

export function guestPromptStep(action: PendingAction, choice: GuestPromptChoice): GuestPromptStep {
  if (choice.type === 'cancel') return { type: 'leave', to: action.redirectTo };
  const nameHint = choice.create ? choice.name?.trim() : undefined;
  return {
    type: 'login',
    options: { create: choice.create, ...(nameHint ? { nameHint } : {}), pendingAction: action },
  };
}
