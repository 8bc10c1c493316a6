import { withoutControlCharacters } from '@nordlys/contract/plain-text';
import { type ErrorInfo, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { reportClientError } from '../api/privacy.api';
import { clearAuthToken } from '../api/session';
import { selectAccount } from '../features/account/account.slice';
import { pollAccount } from '../features/account/account.thunks';
import { endSessionLocally, logOut } from '../features/auth/login.thunks';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import type { PrivacySlots } from '../features/privacy/privacy.ports';
import { isInAppPath } from '../features/shell/in-app-mode';
import {
  currentSubscriptionRequest,
  onSubscriptionRequestChange,
  requestSubscription,
} from '../features/subscriptions/subscription-wizard.requests';
import { showToast } from '../features/toasts/toast.thunks';
import { withStrings } from '../i18n/i18n';
import { lazyPart } from '../routing/lazy-part';
import { useAppDispatch } from '../state/hooks';
import { useAppEnvironment } from './app-environment.context';
import { MountWhenWanted } from './mount-when-wanted.component';

// Fetched only for an account with terms to approve or a sunset date.
const BlockingOverlays = lazyPart(() =>
  withStrings(['privacy'], import('../features/privacy/blocking-overlays.component')).then(
    (module) => module.BlockingOverlays,
  ),
);

/** What the privacy screens get from sign-in, toasts, the shell and the configuration. */
export function usePrivacySlots(): PrivacySlots {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { config } = useAppEnvironment();
  const signedIn = useSelector(selectLoginStatus) === 'AUTHENTICATED';
  return {
    emailConsentHost: config.emailConsentUrl ?? undefined,
    notifyEmailSettingsChanged: () => dispatch(showToast({ type: 'emailSubscribeSettingsChanged' })),
    onAccountDeletionAccepted: clearAuthToken,
    onAccountDeleted: () => {
      endSessionLocally(dispatch);
      void navigate('/', { replace: true });
    },
    isInAppPath,
    signedIn,
  };
}

/** The blocking overlays over the signed-in app, fed from the account info. */
export function PrivacyOverlays() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { brandName, config } = useAppEnvironment();
  const account = useSelector(selectAccount);
  // The subscription wizard is the front of the queue while it is open.
  const subscribing = useSyncExternalStore(onSubscriptionRequestChange, currentSubscriptionRequest) !== null;
  return (
    <MountWhenWanted wanted={Boolean(account?.tos_to_approve || account?.sunset_delete_date)}>
      <BlockingOverlays
        brandName={brandName}
        userId={account?.uuid ?? null}
        tosToApprove={account?.tos_to_approve ?? null}
        sunsetDeleteDate={account?.sunset_delete_date ?? null}
        subscriptionRequired={subscribing}
        links={config.links}
        onTermsApproved={() => void pollAccount(dispatch)}
        onTermsDeclined={() => void logOut(dispatch).then(() => navigate('/', { replace: true }))}
        openPlans={() => requestSubscription({ step: 'SUB' })}
      />
    </MountWhenWanted>
  );
}

/** account.md §8: the error boundary reports what it caught, half of the time. */
export const ERROR_REPORT_SAMPLE_RATE = 0.5;

export function reportScreenError(error: unknown, info: ErrorInfo, random = Math.random): void {
  console.error(error, info.componentStack);
  if (random() >= ERROR_REPORT_SAMPLE_RATE) return;
  const thrown = error instanceof Error ? error : new Error(String(error));
  void reportClientError({
    message: withoutControlCharacters(`${thrown.name}: ${thrown.message}`).slice(0, 2000),
    stack: `${thrown.stack ?? ''}\n${info.componentStack ?? ''}`.slice(0, 16_000),
    url: withoutControlCharacters(window.location.pathname).slice(0, 2000),
  }).catch(() => {
    // A report that cannot be sent is not worth another error.
  });
}
