import {
  ACTIVITY_TRACKER_EVERY_S,
  ACTIVITY_TRACKER_FIRST_S,
  dueEvents,
  type EngagedEvent,
  initialUsage,
  type UsageState,
  usageReducer,
} from './usage-tracker';

export interface UsageStatsDeps {
  /** Whether the user gave the help_us_improve consent; asked before anything is sent. */
  hasConsent(): Promise<boolean>;
  sendClientStats(stats: { last_foreground?: number; last_engaged?: number }): Promise<void>;
  sendEvents(events: { name: string; timestamp: number }[]): Promise<void>;
  clock(): number;
  isForeground(): boolean;
  /** When the account last sent engaged-user events from any tab or device, if known. */
  sentElsewhereAt?(): number | null;
  /** Events were sent at `at`: recorded for the account's other tabs and devices. */
  onEventsSent?(at: number): void;
}

export interface UsageStats {
  record(name: EngagedEvent): void;
  stop(): void;
}

/** Runs the activity tracker and sends engaged-user events, all only with consent. */
export function startUsageStats(deps: UsageStatsDeps): UsageStats {
  let state: UsageState = initialUsage;
  let sending = false;
  let stopped = false;

  async function flush(withClientStats: boolean) {
    if (sending || stopped) return;
    const events = dueEvents(state, deps.clock(), deps.sentElsewhereAt?.() ?? null);
    if (events.length === 0 && !withClientStats) return;
    sending = true;
    try {
      if (!(await deps.hasConsent())) return;
      if (withClientStats) {
        await deps.sendClientStats({
          ...(deps.isForeground() ? { last_foreground: deps.clock() } : {}),
          ...(state.lastEngagedAt !== null ? { last_engaged: state.lastEngagedAt } : {}),
        });
      }
      if (events.length > 0) {
        await deps.sendEvents(events);
        const at = deps.clock();
        state = usageReducer(state, { type: 'sent', at, count: events.length });
        deps.onEventsSent?.(at);
      }
    } catch {
      // Statistics are best effort: a failed call is tried again at the next occasion.
    } finally {
      sending = false;
    }
  }

  const first = setTimeout(() => void flush(true), ACTIVITY_TRACKER_FIRST_S * 1000);
  const every = setInterval(() => void flush(true), ACTIVITY_TRACKER_EVERY_S * 1000);

  return {
    record(name) {
      state = usageReducer(state, { type: 'engaged', name, at: deps.clock() });
      void flush(false);
    },
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
