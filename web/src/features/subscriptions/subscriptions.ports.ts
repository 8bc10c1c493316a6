import type { AppDispatch } from '../../state/store';

export type BillingNotice =
  | 'purchaseSuccessful'
  | 'purchaseFailed'
  | 'planCanceled'
  | 'planCancelFailed'
  | 'planChangeSucceeded'
  | 'planChangeFailed'
  | 'planReactivated'
  | 'planReactivationFailed'
  | 'stripeSetupIntentCreated'
  | 'subscriptionFetchFailed'
  | 'cardUpdateFailed';

/** What this feature needs of others; app/ plugs them in at start-up. */
export interface SubscriptionsPorts {
  notify(dispatch: AppDispatch, notice: BillingNotice): void;
  /**
   * Storage changed (a purchase, a plan change): the account is read again and the uploads'
   * out-of-storage flag cleared; after a purchase a held copy of a share resumes.
   */
  storageChanged(dispatch: AppDispatch, cause: 'purchase' | 'change'): void;
  /** The wizard closed without a purchase: what waited for one is dropped. */
  subscriptionDeclined(dispatch: AppDispatch): void;
  /** Asks before a subscription is cancelled; `until` is the (formatted) day its storage ends. */
  confirmCancel(dispatch: AppDispatch, until: string): Promise<boolean>;
}

let ports: SubscriptionsPorts = {
  notify: () => {},
  storageChanged: () => {},
  subscriptionDeclined: () => {},
  // Unwired, nothing is cancelled: a cancellation is never made without the question.
  confirmCancel: async () => false,
};

export const subscriptionsPorts = (): SubscriptionsPorts => ports;

export function setSubscriptionsPorts(next: Partial<SubscriptionsPorts>): void {
  ports = { ...ports, ...next };
}
