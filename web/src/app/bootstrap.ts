import { flagsLoaded } from '../features/flags/flags.slice';
import { applyFlagQueryAtStartup } from '../features/flags/flags-storage';
import { applyLocale } from '../features/locale/apply-locale';
import { documentTitle } from '../features/locale/brand-rule';
import { readClientConfig } from '../features/locale/client-config';
import { chooseLocale } from '../features/locale/language-rule';
import type { AppStore } from '../state/store';
import { wireAccount } from './account-wiring';
import { type AppEnvironment, environmentFor } from './app-environment';
import { wireFileActions } from './file-actions-wiring';

/** Everything decided once before the first render: host facts, language, test flags. */
export function bootstrap(store: AppStore): AppEnvironment {
  const environment = environmentFor(window.location.hostname, readClientConfig());
  applyLocale(
    chooseLocale({
      cookie: document.cookie,
      browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
      onNorwegianHost: environment.onNorwegianHost,
    }),
  );
  store.dispatch(flagsLoaded(applyFlagQueryAtStartup()));
  wireAccount(store.dispatch);
  wireFileActions();
  document.title = documentTitle(environment.brandName);
  return environment;
}
