import type { AccountInfo } from '../../api/account.api';

/**
 * Actions a read-only user (no subscription) may not take (account.md §6): they appear disabled
 * with a tooltip offering a subscription.
 */
export const READ_ONLY_BLOCKED_ACTIONS = [
  'share',
  'addToAlbum',
  'addToTimeline',
  'setCover',
  'upload',
  'restore',
  'createAlbum',
  'editPhoto',
] as const;
export type GuardedAction = (typeof READ_ONLY_BLOCKED_ACTIONS)[number];

/** Where the tooltip's subscription offer leads. */
export const SUBSCRIPTION_PATH = '/settings/storage';

/** The one permission rule for these actions. Without an account nobody may (login gates ask first). */
export function canPerform(
  action: GuardedAction,
  account: Pick<AccountInfo, 'is_read_only_user'> | null | undefined,
): boolean {
  if (!account) return false;
  return !(account.is_read_only_user && READ_ONLY_BLOCKED_ACTIONS.includes(action));
}

/** True when the action is blocked only because the account is read-only (so a subscription helps). */
export const blockedByReadOnly = (
  action: GuardedAction,
  account: Pick<AccountInfo, 'is_read_only_user'> | null | undefined,
): boolean => !!account && !canPerform(action, account);
