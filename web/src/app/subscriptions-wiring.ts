import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectAccount } from '../features/account/account.slice';
import { pollAccount } from '../features/account/account.thunks';
import { requestConfirm } from '../features/dialogs/dialog.api';
import { selectOpenDialog } from '../features/dialogs/dialog.slice';
import type { StorageEnvironment } from '../features/subscriptions/storage-page.component';
import { parseSilences, silenced, storagePopupToShow } from '../features/subscriptions/storage-popups';
import type { SubscriptionWizardProps } from '../features/subscriptions/subscription-wizard.component';
import { requestSubscription } from '../features/subscriptions/subscription-wizard.requests';
import { setSubscriptionsPorts } from '../features/subscriptions/subscriptions.ports';
import { showToast } from '../features/toasts/toast.thunks';
import { selectUploadQueue, uploadQueueActions } from '../features/upload/upload-queue.slice';
import { fileActionPorts } from '../file-actions/file-action.ports';
import type { AppDispatch } from '../state/store';
import { useAppEnvironment } from './app-environment.context';

/**
 * Subscriptions and the rest (account.md §4): billing toasts; after a purchase or plan change the
 * account is read again, the uploads' out-of-storage flag is cleared and a copy of a share held
 * for a subscription resumes; a wizard closed without a purchase drops that copy.
 */
export function wireSubscriptions(dispatch: AppDispatch): void {
  // A held share copy lives with the share page's code, fetched here only when there is news for it.
  const heldCopies = () => import('../features/sharing/share-copy-hold.store');
  setSubscriptionsPorts({
    notify: (_dispatch, notice) => dispatch(showToast({ type: notice })),
    storageChanged: (_dispatch, cause) => {
      dispatch(uploadQueueActions.outOfStorageCleared());
      void pollAccount(dispatch).then(async () => {
        if (cause !== 'purchase') return;
        const outcome = await (await heldCopies()).resumeHeldShareCopy();
        if (outcome === 'copied') dispatch(showToast({ type: 'shareCopiedToTimeline' }));
        if (outcome === 'failed') dispatch(showToast({ type: 'shareCopiedToTimelineFailed' }));
      });
    },
    subscriptionDeclined: () => {
      void heldCopies().then((held) => held.dispatchShareCopyHold({ type: 'cancelled' }));
    },
    confirmCancel: (pageDispatch, until) =>
      requestConfirm(pageDispatch, { preset: 'cancelSubscription', params: { date: until } }),
  });
}

/** What the storage page needs of the account and the configuration. */
export function useStorageEnvironment(): StorageEnvironment {
  const account = useSelector(selectAccount);
  const { config, brandName } = useAppEnvironment();
  return {
    account: account && {
      usedBytes: account.used_space,
      maxBytes: account.max_space,
      readOnly: account.is_read_only_user,
      name: account.name,
      email: account.logged_in_as,
    },
    brandName,
    payments: config.payments,
    testEndpoints: config.testEndpoints,
  };
}

/**
 * The Subscription overlay when a subscription is required (account.md §4): a held copy of a
 * share, or a read-only account trying to upload, add, restore or create.
 */
export const openSubscriptionRequired = (): void =>
  requestSubscription({ step: 'WELCOME', mode: 'purchase' });

/** The wizard's account and configuration; null while signed out. */
export function useSubscriptionWizardProps(): SubscriptionWizardProps | null {
  const account = useSelector(selectAccount);
  const { config } = useAppEnvironment();
  if (!account) return null;
  return {
    payments: config.payments,
    termsUrl: config.links.terms,
    customer: { name: account.name, email: account.logged_in_as },
    usedBytes: account.used_space,
    readOnly: account.is_read_only_user,
    maxBytes: account.max_space,
  };
}

const SILENCES_KEY = 'nordlys.storagePopupSilences';

/**
 * The over-80 % and over-95 % popups (account.md §2): shown once the account's use crosses a
 * mark, with used and max storage, close and buy more storage; a closed one stays away for a day.
 */
export function StorageWarningPopups() {
  const account = useSelector(selectAccount);
  const dialogOpen = useSelector(selectOpenDialog) !== null;
  const dispatch = useDispatch<AppDispatch>();
  const used = account?.used_space ?? 0;
  const max = account?.max_space ?? 0;
  useEffect(() => {
    if (dialogOpen || max <= 0) return;
    const now = Date.now();
    const silences = parseSilences(localStorage.getItem(SILENCES_KEY));
    const popup = storagePopupToShow(used, max, silences, now);
    if (!popup) return;
    localStorage.setItem(SILENCES_KEY, JSON.stringify(silenced(silences, popup, now)));
    void requestConfirm(dispatch, {
      preset: popup === 'over95' ? 'storageOver95' : 'storageOver80',
      params: { usedStorage: used, maxStorage: max },
    });
  }, [used, max, dialogOpen, dispatch]);
  return null;
}

/**
 * The out-of-storage popup for uploads (account.md §2 'not enough storage for add'): a batch that
 * does not fit the free space, or the server's 413, opens it with the account's use read afresh,
 * besides the upload panel's line.
 */
export function UploadOutOfStoragePopup() {
  const notices = useSelector(selectUploadQueue).outOfStorageNotices;
  const dispatch = useDispatch<AppDispatch>();
  const shown = useRef(notices);
  useEffect(() => {
    if (notices <= shown.current) return;
    shown.current = notices;
    void pollAccount(dispatch).then(() => fileActionPorts().notEnoughStorage?.(dispatch, 'add'));
  }, [notices, dispatch]);
  return null;
}
