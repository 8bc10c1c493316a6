import type { WizardStep } from './subscription-wizard.reducer';

/**
 * The Subscription blocking overlay (account.md §4), asked for from anywhere: the storage page,
 * a held copy of a share, a read-only user's subscription offer. `mode` says whether a plan is
 * bought or the current one changed.
 */
export interface SubscriptionRequest {
  step: WizardStep;
  mode: 'purchase' | 'change';
}

let current: SubscriptionRequest | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function requestSubscription(request: Partial<SubscriptionRequest> = {}): void {
  current = { step: request.step ?? 'WELCOME', mode: request.mode ?? 'purchase' };
  notify();
}

export function closeSubscriptionRequest(): void {
  current = null;
  notify();
}

export const currentSubscriptionRequest = (): SubscriptionRequest | null => current;

export function onSubscriptionRequestChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
