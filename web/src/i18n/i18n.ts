import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalogue = Record<string, unknown>;

// Each feature keeps its strings in locales/<locale>/<namespace>.json. The build puts one language's
// files in one chunk (vite.config.ts), so the app fetches only the language it shows.
const files = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });

const CATALOGUE_PATH = /\.\/locales\/([^/]+)\/([^/]+)\.json$/;

const catalogueFiles = Object.entries(files).flatMap(([path, load]) => {
  const match = CATALOGUE_PATH.exec(path);
  return match ? [{ locale: match[1] as string, namespace: match[2] as string, load }] : [];
});

export const namespaces = [...new Set(catalogueFiles.map((file) => file.namespace))];

void i18next.use(initReactI18next).init({
  resources: {},
  lng: 'en_US',
  fallbackLng: 'en_US',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Namespaces fetched when their screen first opens, not with the language: their strings belong
 * to a lazily loaded part (vite.config.ts gives each its own chunk per language).
 */
export const ON_DEMAND_NAMESPACES: ReadonlySet<string> = new Set(['editor']);
const demanded = new Set<string>();
/** Languages the app has asked for, the one being switched to included. */
const requested = new Set<string>();

const wanted = (namespace: string) => !ON_DEMAND_NAMESPACES.has(namespace) || demanded.has(namespace);

/**
 * Fetches a language's catalogues once; t() has them from then on. Switch the language only after
 * this resolves, or the screen shows keys until the next render. Every language has every key
 * (i18n/locale-catalogues.test.ts), so the fallback language is not fetched alongside.
 */
export async function loadLocale(locale: string): Promise<void> {
  requested.add(locale);
  await Promise.all(
    catalogueFiles
      .filter(
        (file) =>
          file.locale === locale &&
          wanted(file.namespace) &&
          !i18next.hasResourceBundle(locale, file.namespace),
      )
      .map(async (file) => {
        i18next.addResourceBundle(locale, file.namespace, await file.load(), true, true);
      }),
  );
}

/**
 * Fetches an on-demand namespace for the language shown; from then on every language switch
 * fetches it too (loadLocale), so the screen never shows keys.
 */
export async function loadNamespace(namespace: string): Promise<void> {
  demanded.add(namespace);
  // A language still being switched to (start-up) needs it as much as the one shown.
  const locales = requested.size > 0 ? [...requested] : [i18next.language];
  await Promise.all(locales.map(loadLocale));
}

/** Every catalogue of a language, on-demand ones included (tests, which check them all). */
export async function loadEveryNamespace(locale: string): Promise<void> {
  for (const namespace of ON_DEMAND_NAMESPACES) demanded.add(namespace);
  await loadLocale(locale);
}

export default i18next;
