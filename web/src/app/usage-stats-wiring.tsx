import { useEffect, useRef } from 'react';
import { useSelector, useStore } from 'react-redux';
import { useLocation } from 'react-router';
import { getConsents, sendClientStats, sendStatisticsEvents } from '../api/privacy.api';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import { selectToasts } from '../features/toasts/toast.slice';
import { startUsageStats, type UsageStats } from '../features/usage-stats/usage-stats';
import { engagedEventAt, engagedEventOfNotice } from '../features/usage-stats/usage-tracker';

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
    const stats = startUsageStats({
      hasConsent: hasHelpUsImproveConsent,
      sendClientStats,
      sendEvents: sendStatisticsEvents,
      clock: Date.now,
      isForeground: () => document.visibilityState === 'visible',
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
