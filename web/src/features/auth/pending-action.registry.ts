import type { AppDispatch } from '../../state/store';

/**
 * Actions a visitor asked for on a login-gated page (account.md §2), remembered across the
 * provider redirect and run after login. Album and share features register the real work with
 * registerPendingAction; without a handler the action only redirects.
 */
export const PENDING_ACTION_TYPES = [
  'createAlbumFrom',
  'subscribeAlbum',
  'copyAlbum',
  'copyAlbumFile',
  'copyShare',
] as const;
export type PendingActionType = (typeof PENDING_ACTION_TYPES)[number];

export interface PendingAction {
  type: PendingActionType;
  params: Record<string, string>;
  /** Where to land afterwards unless the handler says otherwise. */
  redirectTo: string;
}

/** Runs the action; may return a different place to land (e.g. the new album). */
export type PendingActionHandler = (
  action: PendingAction,
  context: { dispatch: AppDispatch },
) => Promise<string | undefined>;

const PENDING_ACTION_KEY = 'nordlys:pending-action';
const handlers = new Map<PendingActionType, PendingActionHandler>();

/** Plugs in the work for one action type; returns an unregister function. */
export function registerPendingAction(type: PendingActionType, handler: PendingActionHandler): () => void {
  handlers.set(type, handler);
  return () => {
    if (handlers.get(type) === handler) handlers.delete(type);
  };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isPendingAction = (value: unknown): value is PendingAction => {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<PendingAction>;
  return (
    typeof candidate.type === 'string' &&
    (PENDING_ACTION_TYPES as readonly string[]).includes(candidate.type) &&
    typeof candidate.redirectTo === 'string' &&
    candidate.redirectTo.startsWith('/') &&
    !candidate.redirectTo.startsWith('//') &&
    !!candidate.params &&
    typeof candidate.params === 'object' &&
    Object.values(candidate.params).every((param) => typeof param === 'string')
  );
};

export function rememberPendingAction(action: PendingAction): void {
  storage()?.setItem(PENDING_ACTION_KEY, JSON.stringify(action));
}

/** Reads and forgets the remembered action, so it runs at most once. */
export function takePendingAction(): PendingAction | null {
  const store = storage();
  if (!store) return null;
  const raw = store.getItem(PENDING_ACTION_KEY);
  store.removeItem(PENDING_ACTION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isPendingAction(value) ? value : null;
  } catch {
    return null;
  }
}

/** Runs the registered handler (if any) and answers where to go next. */
export async function runPendingAction(action: PendingAction, dispatch: AppDispatch): Promise<string> {
  const handler = handlers.get(action.type);
  if (!handler) return action.redirectTo;
  const next = await handler(action, { dispatch });
  return typeof next === 'string' && next.startsWith('/') ? next : action.redirectTo;
}
