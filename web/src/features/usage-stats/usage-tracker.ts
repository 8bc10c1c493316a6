/**
 * Usage statistics (account.md §3, §9), sent only with the help_us_improve consent: the activity
 * tracker reports when the app was last in the foreground and last engaged, at start and every
 * hour; engaged-user events are sent at most once an hour.
 */
export const ACTIVITY_TRACKER_FIRST_S = 0;
export const ACTIVITY_TRACKER_EVERY_S = 3600;
export const ENGAGED_EVENTS_COOLDOWN_MS = 60 * 60 * 1000;
/**
 * The account attribute holding when engaged-user events were last sent (epoch ms), from any tab
 * or device, so the hour is the account's, not one tab's. Read by the account-attribute poll.
 */
export const ENGAGED_EVENTS_SENT_ATTRIBUTE = 'engaged_events_sent_at';
/** What one call may carry (the server's limit). */
const MAX_QUEUED = 100;

export const ENGAGED_EVENTS = ['album_open', 'new_album', 'add', 'download', 'carousel', 'share'] as const;
export type EngagedEvent = (typeof ENGAGED_EVENTS)[number];

export interface UsageState {
  queued: { name: EngagedEvent; timestamp: number }[];
  lastSentAt: number | null;
  lastEngagedAt: number | null;
}

export type UsageAction =
  | { type: 'engaged'; name: EngagedEvent; at: number }
  | { type: 'sent'; at: number; count: number }
  | { type: 'cleared' };

export const initialUsage: UsageState = { queued: [], lastSentAt: null, lastEngagedAt: null };

export function usageReducer(state: UsageState, action: UsageAction): UsageState {
  switch (action.type) {
    case 'engaged':
      return {
        ...state,
        queued: [...state.queued, { name: action.name, timestamp: action.at }].slice(-MAX_QUEUED),
        lastEngagedAt: action.at,
      };
    case 'sent':
      // Events recorded while the call was on its way stay for the next one.
      return { ...state, queued: state.queued.slice(action.count), lastSentAt: action.at };
    case 'cleared':
      return initialUsage;
  }
}

/**
 * The events to send now, or none while the hour since the last sending (here, or elsewhere as
 * `sentElsewhereAt` says) has not passed.
 */
export function dueEvents(
  state: UsageState,
  now: number,
  sentElsewhereAt: number | null = null,
): UsageState['queued'] {
  if (state.queued.length === 0) return [];
  const last = Math.max(
    state.lastSentAt ?? Number.NEGATIVE_INFINITY,
    sentElsewhereAt ?? Number.NEGATIVE_INFINITY,
  );
  if (now - last < ENGAGED_EVENTS_COOLDOWN_MS) return [];
  return state.queued;
}

/** The attribute's value as a time, or null when absent or not a time. */
export function sentAtOf(value: string | null | undefined): number | null {
  const at = Number(value);
  return value && Number.isFinite(at) && at > 0 ? at : null;
}

const ROUTE_EVENTS: [RegExp, EngagedEvent][] = [
  [/^\/albums\/[^/]+\/edit\/addPhotos$/, 'new_album'],
  [/^\/(albums|a)\/[^/]+$/, 'album_open'],
  [/^\/(carousel|albumImage)\/[^/]+\/[^/]+$/, 'carousel'],
  [/^\/photos\/[^/]+$/, 'carousel'],
];

/** The engaged-user event a page view is, if any. */
export function engagedEventAt(pathname: string): EngagedEvent | null {
  return ROUTE_EVENTS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

const NOTICE_EVENTS: Record<string, EngagedEvent> = {
  filesCopiedToAlbum: 'add',
  filesWereShared: 'share',
  preparingDownload: 'download',
};

/** The engaged-user event a status message reports, if any (an add, a share, a download). */
export const engagedEventOfNotice = (type: string): EngagedEvent | null => NOTICE_EVENTS[type] ?? null;
