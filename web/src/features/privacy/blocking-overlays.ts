/** The blocking overlays, in the order they queue (account.md §4). */
export type BlockingOverlay = 'Subscription' | 'TermsOfService' | 'SunsetDeletion';

export interface BlockingOverlayInputs {
  subscriptionRequired: boolean;
  tosToApprove: string | null;
  sunsetDeleteDate: string | null;
  /** The sunset prompt for this date was seen on this browser. */
  sunsetSeen: boolean;
}

/** The overlays that want to show, first one first; only the first is on screen. */
export function blockingOverlayQueue(inputs: BlockingOverlayInputs): BlockingOverlay[] {
  const queue: BlockingOverlay[] = [];
  if (inputs.subscriptionRequired) queue.push('Subscription');
  if (inputs.tosToApprove) queue.push('TermsOfService');
  if (inputs.sunsetDeleteDate && !inputs.sunsetSeen) queue.push('SunsetDeletion');
  return queue;
}

/** The seen flag is per account and date: a new date shows the prompt again. */
export const sunsetSeenKey = (userId: string, date: string) => `nordlys.sunsetSeen.${userId}.${date}`;
