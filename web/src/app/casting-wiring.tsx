import type { ClientConfig } from '@nordlys/contract/client-config';
import type { FileRecord } from '@nordlys/contract/file';
import { Suspense, useSyncExternalStore } from 'react';
import type { CastController } from '../features/casting/cast-controller';
import { withStrings } from '../i18n/i18n';
import { lazyPart } from '../routing/lazy-part';

/**
 * The one cast controller of the app (account.md §4). Nothing about casting is in the first
 * load: the sender's code is fetched only where casting is configured (or the local stand-in is
 * on), and the viewer's button and the bar only once the sender says this browser can cast.
 */
let controller: CastController | null = null;
let started = false;
const listeners = new Set<() => void>();

export function startCasting(config: Pick<ClientConfig, 'castReceiverAppId' | 'testEndpoints'>): void {
  if (started || (config.castReceiverAppId === null && !config.testEndpoints)) return;
  started = true;
  void import('./casting-start')
    .then(({ openCastController }) => openCastController(config))
    .then((opened) => {
      controller = opened;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      // A sender that cannot start means no casting here; the app goes on without it.
    });
}

function onControllerChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The controller once the sender is up in a browser that can cast; null until then or never. */
export function useCastController(): CastController | null {
  return useSyncExternalStore(onControllerChange, () => controller);
}

const CastButton = lazyPart(() =>
  withStrings(['casting'], import('../features/casting/cast-button.component')).then(
    (module) => module.CastButton,
  ),
);

function ViewerCast({ files, index }: { files: readonly FileRecord[]; index: number }) {
  const cast = useCastController();
  if (!cast) return null;
  return (
    <Suspense fallback={null}>
      <CastButton controller={cast} files={files} index={index} className="carousel__button" />
    </Suspense>
  );
}

/** The viewer's cast slot: the cast button and, while connected, the device name. */
export const renderViewerCast = (files: readonly FileRecord[], index: number) => (
  <ViewerCast files={files} index={index} />
);
