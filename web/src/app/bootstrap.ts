import { flagsLoaded } from '../features/flags/flags.slice';
import { applyFlagQueryAtStartup } from '../features/flags/flags-storage';
import { applyLocale } from '../features/locale/apply-locale';
import { documentTitle } from '../features/locale/brand-rule';
import { readClientConfig } from '../features/locale/client-config';
import { chooseLocale } from '../features/locale/language-rule';
import type { AppStore } from '../state/store';
import { wireAccount } from './account-wiring';
import { wireAlbumPendingActions } from './album-creation-wiring';
import { wireAlbums } from './albums-wiring';
import { type AppEnvironment, environmentFor } from './app-environment';
import { wireFileActions } from './file-actions-wiring';
import { preloadScreenAt } from './route-table';
import { wireSharePendingActions } from './sharing-wiring';
import { wireSubscriptions } from './subscriptions-wiring';
import { wireTrash } from './trash-wiring';

/**
 * Everything decided once before the first render: host facts, language, test flags. Resolves once
 * the language's strings are in; the session and the first screen's code download meanwhile.
 */
export async function bootstrap(store: AppStore): Promise<AppEnvironment> {
  const environment = environmentFor(window.location.hostname, readClientConfig());
  const locale = chooseLocale({
    cookie: document.cookie,
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    onNorwegianHost: environment.onNorwegianHost,
  });
  const strings = applyLocale(locale);
  store.dispatch(flagsLoaded(applyFlagQueryAtStartup()));
  wireAccount(store.dispatch);
  wireFileActions(store.getState, environment.brandName);
  wireAlbums();
  wireTrash();
  wireAlbumPendingActions(store.dispatch);
  wireSharePendingActions(store.dispatch);
  wireSubscriptions(store.dispatch);
  document.title = documentTitle(environment.brandName);
  preloadScreenAt(window.location.pathname, locale);
  await strings;
  return environment;
}
