import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { lazyPart, usePartReady } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import { useAppDispatch } from '../../state/hooks';
import type { AppDispatch } from '../../state/store';
import type { ChangeFeedHook } from './timeline-page.component';
import { prefetchTimeline, TIMELINE_PATH } from './timeline-prefetch';

const TimelinePage = lazyPart(() =>
  import('./timeline-page.component').then((module) => module.TimelinePage),
);

const route = routesOf('timeline');

/** What the timeline needs from the account and the uploads. */
export interface TimelineScreenSlots {
  useAccount: FileActionAccountHook;
  /** How many of this tab's uploads are on the server; a rise reads the change feed. */
  useFilesStored(): number;
  /** Opens the upload dialog (the empty timeline offers a local upload). */
  openUpload(dispatch: AppDispatch): void;
  /** The live change feed (the job syncer). */
  useChangeFeed: ChangeFeedHook;
}

function TimelineScreen({ useAccount, useFilesStored, openUpload, useChangeFeed }: TimelineScreenSlots) {
  const dispatch = useAppDispatch();
  const account = useAccount();
  const filesStored = useFilesStored();
  // Nothing until the page's code is in, rather than suspending: see usePartReady.
  const ready = usePartReady(TimelinePage);
  if (!ready) return null;
  return (
    <TimelinePage
      account={account}
      onUpload={() => openUpload(dispatch)}
      filesStored={filesStored}
      useChangeFeed={useChangeFeed}
    />
  );
}

export const timelineScreens = (slots: TimelineScreenSlots): readonly ScreenRoute[] => [
  route(TIMELINE_PATH, 'timeline', {
    ...SIGNED_IN_ROUTE,
    preload: () => {
      prefetchTimeline();
      return TimelinePage.preload();
    },
    Component: () => <TimelineScreen {...slots} />,
  }),
];
