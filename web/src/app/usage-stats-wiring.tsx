import { useEffect, useRef } from 'react';
import { useSelector, useStore } from 'react-redux';
import { useLocation } from 'react-router';
import { setAccountAttribute } from '../api/account.api';
import { getConsents, sendClientStats, sendStatisticsEvents } from '../api/privacy.api';
import { selectAttributeValues } from '../features/account/account.slice';
import { watchAccountAttribute } from '../features/account/account.thunks';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import { selectToasts } from '../features/toasts/toast.slice';
import { startUsageStats, type UsageStats } from '../features/usage-stats/usage-stats';
import {
  ENGAGED_EVENTS_SENT_ATTRIBUTE,
  engagedEventAt,
  engagedEventOfNotice,
  sentAtOf,
} from '../features/usage-stats/usage-tracker';

const hasHelpUsImproveConsent = () =>
  getConsents().then(
    (answer) => answer.consents.help_us_improve?.value === true,
    () => false,
  );

/**
 * Usage statistics while signed in (account.md §3): page views and status messages say what the
 * user engaged with; what is sent, and whether, is the usage-stats feature's.
 */
export function UsageStatsTracker() {
  const signedIn = useSelector(selectLoginStatus) === 'AUTHENTICATED';
  const store = useStore();
  const { pathname } = useLocation();
  const tracker = useRef<UsageStats | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    // The hour between sendings is the account's: the account poll reads when it last sent.
    const unwatch = watchAccountAttribute(ENGAGED_EVENTS_SENT_ATTRIBUTE);
    const stats = startUsageStats({
      hasConsent: hasHelpUsImproveConsent,
      sendClientStats,
      sendEvents: sendStatisticsEvents,
      clock: Date.now,
      isForeground: () => document.visibilityState === 'visible',
      sentElsewhereAt: () =>
        sentAtOf(
          selectAttributeValues(store.getState() as Parameters<typeof selectAttributeValues>[0])[
            ENGAGED_EVENTS_SENT_ATTRIBUTE
          ],
        ),
      onEventsSent: (at) =>
        void setAccountAttribute(ENGAGED_EVENTS_SENT_ATTRIBUTE, String(at)).catch(() => undefined),
    });
    tracker.current = stats;
    const toastsNow = () => selectToasts(store.getState() as Parameters<typeof selectToasts>[0]);
    const seen = new Set(toastsNow().map((toast) => toast.id));
    const stopWatching = store.subscribe(() => {
      for (const toast of toastsNow()) {
        if (seen.has(toast.id)) continue;
        seen.add(toast.id);
        const event = engagedEventOfNotice(toast.type);
        if (event) stats.record(event);
      }
    });
    return () => {
      unwatch();
      stopWatching();
      stats.stop();
      tracker.current = null;
    };
  }, [signedIn, store]);

  useEffect(() => {
    const event = engagedEventAt(pathname);
    if (event) tracker.current?.record(event);
  }, [pathname]);

  return null;
}
