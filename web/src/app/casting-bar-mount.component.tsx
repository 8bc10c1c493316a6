import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { withStrings } from '../i18n/i18n';
import { lazyPart } from '../routing/lazy-part';
import { useCastController } from './casting-wiring';
import { MountWhenWanted } from './mount-when-wanted.component';
import { entryAt } from './route-table';

const CastingBar = lazyPart(() =>
  withStrings(['casting'], import('../features/casting/casting-bar.component')).then(
    (module) => module.CastingBar,
  ),
);

/** The carousels have their own cast controls (core.md §2): the bar stays off them. */
export const SCREENS_WITHOUT_CASTING_BAR: ReadonlySet<string> = new Set([
  'timelineCarousel',
  'albumCarousel',
]);

const noController = () => () => undefined;

/** The casting bar on every page but the carousels, fetched when a session first connects. */
export function CastingBarMount() {
  const controller = useCastController();
  const connected = useSyncExternalStore(
    controller?.subscribe ?? noController,
    () => controller?.getState().status === 'connected',
  );
  const { pathname } = useLocation();
  const hidden = SCREENS_WITHOUT_CASTING_BAR.has(entryAt(pathname)?.screen ?? '');
  return (
    <MountWhenWanted wanted={connected}>
      {controller && !hidden ? <CastingBar controller={controller} /> : null}
    </MountWhenWanted>
  );
}
