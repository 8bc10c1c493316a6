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
 * Fetches a language's catalogues once; t() has them from then on. Switch the language only after
 * this resolves, or the screen shows keys until the next render. Every language has every key
 * (i18n/locale-catalogues.test.ts), so the fallback language is not fetched alongside.
 */
export async function loadLocale(locale: string): Promise<void> {
  await Promise.all(
    catalogueFiles
      .filter((file) => file.locale === locale && !i18next.hasResourceBundle(locale, file.namespace))
      .map(async (file) => {
        i18next.addResourceBundle(locale, file.namespace, await file.load(), true, true);
      }),
  );
}

export default i18next;
