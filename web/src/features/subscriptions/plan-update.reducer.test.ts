import { describe, expect, it } from 'vitest';
import { IDLE_PLAN_UPDATE, planUpdateReducer } from './plan-update.reducer';

describe('isUpdatingStoragePlan', () => {
  it('is true from the start of a purchase or change', () => {
    expect(planUpdateReducer(IDLE_PLAN_UPDATE, { type: 'started' }).isUpdatingStoragePlan).toBe(true);
  });

  it('holds the subscription whose payment needs an action, still updating', () => {
    const started = planUpdateReducer(IDLE_PLAN_UPDATE, { type: 'started' });
    expect(planUpdateReducer(started, { type: 'actionRequired', subscriptionId: 's1' })).toEqual({
      isUpdatingStoragePlan: true,
      actionRequiredSubscriptionId: 's1',
      failed: false,
    });
  });

  it('is false again on success', () => {
    const waiting = planUpdateReducer(IDLE_PLAN_UPDATE, { type: 'actionRequired', subscriptionId: 's1' });
    expect(planUpdateReducer(waiting, { type: 'succeeded' })).toEqual(IDLE_PLAN_UPDATE);
  });

  it('is false on failure, which is remembered until the next start', () => {
    const failed = planUpdateReducer(planUpdateReducer(IDLE_PLAN_UPDATE, { type: 'started' }), {
      type: 'failed',
    });
    expect(failed).toEqual({
      isUpdatingStoragePlan: false,
      actionRequiredSubscriptionId: null,
      failed: true,
    });
    expect(planUpdateReducer(failed, { type: 'started' }).failed).toBe(false);
  });
});
