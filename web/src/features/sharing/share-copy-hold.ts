/**
 * core.md §4 copy-share-to-timeline that needs a subscription: the copy the server refused for
 * want of one (a read-only account, or one without room) is held, to be resumed once a purchase
 * succeeds, and cleared on cancel. Pure: the store keeps it, the purchase side resumes it.
 */
export interface HeldShareCopy {
  shareId: string;
  /** The share's password as the visitor typed it; the resumed copy needs it again. */
  password: string | null;
  reason: 'read_only' | 'out_of_storage';
}

export type ShareCopyHoldEvent =
  | { type: 'subscriptionNeeded'; copy: HeldShareCopy }
  | { type: 'cancelled' }
  | { type: 'resumed'; shareId: string };

/** The subscription a refused copy waits for, or null when the refusal is of another kind. */
export function subscriptionNeededFor(failure: {
  status: number | null;
  reason?: string;
}): HeldShareCopy['reason'] | null {
  const reason = failure.reason ?? '';
  if (failure.status === 413 || reason.includes('out_of_storage')) return 'out_of_storage';
  if (failure.status === 403 && reason.includes('read_only_user')) return 'read_only';
  return null;
}

/**
 * One copy is held at a time: a newer refusal replaces it; cancel clears it, and so does resuming
 * it (a resume of an older share leaves a newer hold alone).
 */
export function shareCopyHoldReducer(
  held: HeldShareCopy | null,
  event: ShareCopyHoldEvent,
): HeldShareCopy | null {
  switch (event.type) {
    case 'subscriptionNeeded':
      return event.copy;
    case 'cancelled':
      return null;
    case 'resumed':
      return held?.shareId === event.shareId ? null : held;
  }
}

/** A hold read back from storage; anything malformed counts as none. */
export function parseHeldShareCopy(text: string | null): HeldShareCopy | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return null;
    const { shareId, password, reason } = value as Record<string, unknown>;
    if (typeof shareId !== 'string' || !shareId) return null;
    if (password !== null && typeof password !== 'string') return null;
    if (reason !== 'read_only' && reason !== 'out_of_storage') return null;
    return { shareId, password, reason };
  } catch {
    return null;
  }
}
