/**
 * account.md §4 isUpdatingStoragePlan: true from the start of a purchase or change until it
 * succeeds or fails; it can hold the subscription whose payment needs the card holder's action.
 */
export interface PlanUpdateState {
  isUpdatingStoragePlan: boolean;
  actionRequiredSubscriptionId: string | null;
  /** The last purchase or change failed (account.md §8: a failure state). */
  failed: boolean;
}

export type PlanUpdateEvent =
  | { type: 'started' }
  | { type: 'actionRequired'; subscriptionId: string }
  | { type: 'succeeded' }
  | { type: 'failed' };

export const IDLE_PLAN_UPDATE: PlanUpdateState = {
  isUpdatingStoragePlan: false,
  actionRequiredSubscriptionId: null,
  failed: false,
};

export function planUpdateReducer(state: PlanUpdateState, event: PlanUpdateEvent): PlanUpdateState {
  switch (event.type) {
    case 'started':
      return { isUpdatingStoragePlan: true, actionRequiredSubscriptionId: null, failed: false };
    case 'actionRequired':
      return { ...state, isUpdatingStoragePlan: true, actionRequiredSubscriptionId: event.subscriptionId };
    case 'succeeded':
      return IDLE_PLAN_UPDATE;
    case 'failed':
      return { isUpdatingStoragePlan: false, actionRequiredSubscriptionId: null, failed: true };
  }
}
