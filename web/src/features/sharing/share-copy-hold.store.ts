import { ApiError } from '../../api/errors';
import { copyShareToTimeline } from '../../api/shares.api';
import {
  type HeldShareCopy,
  parseHeldShareCopy,
  type ShareCopyHoldEvent,
  shareCopyHoldReducer,
  subscriptionNeededFor,
} from './share-copy-hold';

// Kept for the tab's session: the purchase that releases it may take the visitor to other pages.
const KEY = 'nordlys.heldShareCopy';
const listeners = new Set<() => void>();
let cached: { text: string | null; held: HeldShareCopy | null } | null = null;

/** The held copy, if any (a stable object between changes, for useSyncExternalStore). */
export function heldShareCopy(): HeldShareCopy | null {
  const text = sessionStorage.getItem(KEY);
  if (cached?.text !== text) cached = { text, held: parseHeldShareCopy(text) };
  return cached.held;
}

export function dispatchShareCopyHold(event: ShareCopyHoldEvent): HeldShareCopy | null {
  const next = shareCopyHoldReducer(heldShareCopy(), event);
  if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
  return next;
}

export function onShareCopyHoldChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * POST copy_to_timeline for a share; a refusal for want of a subscription is held rather than
 * reported as a failure.
 */
export async function copyShareOrHold(
  shareId: string,
  password: string | null,
): Promise<'copied' | 'held' | 'failed'> {
  try {
    await copyShareToTimeline(shareId, password);
    return 'copied';
  } catch (error) {
    const reason =
      error instanceof ApiError
        ? subscriptionNeededFor({ status: error.status, reason: error.reason })
        : null;
    if (!reason) return 'failed';
    dispatchShareCopyHold({ type: 'subscriptionNeeded', copy: { shareId, password, reason } });
    return 'held';
  }
}

/**
 * After a purchase: the held copy runs again and, once copied, is released. Null when nothing
 * was held.
 */
export async function resumeHeldShareCopy(): Promise<'copied' | 'held' | 'failed' | null> {
  const held = heldShareCopy();
  if (!held) return null;
  const outcome = await copyShareOrHold(held.shareId, held.password);
  if (outcome === 'copied') dispatchShareCopyHold({ type: 'resumed', shareId: held.shareId });
  return outcome;
}
