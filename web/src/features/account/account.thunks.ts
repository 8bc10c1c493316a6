import {
  getAccountAttribute,
  getAccountInfo,
  setProfileName,
  uploadProfilePicture,
} from '../../api/account.api';
import { isApiError } from '../../api/errors';
import type { AppDispatch } from '../../state/store';
import { accountPorts } from './account.ports';
import {
  accountLoaded,
  attributesPollFailed,
  attributesPollStarted,
  attributesPollSucceeded,
} from './account.slice';
import { validateProfileName } from './profile-name';

/** account.md §9: account attributes are polled every 30 s. */
export const ACCOUNT_POLL_INTERVAL_MS = 30_000;

const watchedKeys = new Set<string>();

/** Features that keep settings in account attributes register their keys to have them polled. */
export function watchAccountAttribute(key: string): () => void {
  watchedKeys.add(key);
  return () => watchedKeys.delete(key);
}

/** Sets the profile name; answers whether it was saved (a failure shows userNameChangeFailed). */
export async function saveProfileName(dispatch: AppDispatch, name: string): Promise<boolean> {
  if (validateProfileName(name)) return false;
  try {
    dispatch(accountLoaded(await setProfileName(name.trim())));
    accountPorts().notify(dispatch, 'changesSaved');
    return true;
  } catch {
    accountPorts().notify(dispatch, 'userNameChangeFailed');
    return false;
  }
}

/** Uploads the cropped picture and reloads the account so every avatar shows it. */
export async function saveProfilePicture(dispatch: AppDispatch, image: Blob): Promise<boolean> {
  try {
    await uploadProfilePicture(image);
    dispatch(accountLoaded(await getAccountInfo()));
    return true;
  } catch {
    accountPorts().notify(dispatch, 'changeProfilePictureFailed');
    return false;
  }
}

/** One poll: the account info and every watched attribute. A failure changes nothing but the status. */
export async function pollAccount(dispatch: AppDispatch): Promise<void> {
  dispatch(attributesPollStarted());
  try {
    const [info, ...values] = await Promise.all([
      getAccountInfo(),
      ...[...watchedKeys].map(async (key): Promise<[string, string | null]> => {
        try {
          return [key, (await getAccountAttribute(key))?.value ?? null];
        } catch (error) {
          if (isApiError(error) && error.status === 404) return [key, null];
          throw error;
        }
      }),
    ]);
    dispatch(accountLoaded(info));
    dispatch(attributesPollSucceeded(Object.fromEntries(values)));
  } catch {
    dispatch(attributesPollFailed());
  }
}

/** Polls while signed in; returns the stop function. */
export function startAccountPoll(dispatch: AppDispatch, intervalMs = ACCOUNT_POLL_INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    // A slow server must not pile up overlapping polls.
    if (running) return;
    running = true;
    void pollAccount(dispatch).finally(() => {
      running = false;
    });
  }, intervalMs);
  return () => clearInterval(timer);
}
