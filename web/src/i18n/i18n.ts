import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FIRST_LOAD_NAMESPACES } from './first-load-namespaces';

type Catalogue = Record<string, unknown>;

// Each feature keeps its strings in locales/<locale>/<namespace>.json. The build puts a language's
// first-load namespaces in one chunk and every other namespace in a chunk of its own
// (vite.config.ts), so the app fetches only the strings of the parts it has loaded.
const files = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });

const CATALOGUE_PATH = /\.\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Each catalogue's loader by '<locale>/<namespace>'. */
const catalogueFiles = new Map<string, () => Promise<Catalogue>>(
  Object.entries(files).flatMap(([path, load]) => {
    const match = CATALOGUE_PATH.exec(path);
    return match ? [[`${match[1]}/${match[2]}`, load] as const] : [];
  }),
);

export const namespaces = [...new Set([...catalogueFiles.keys()].map((key) => key.split('/')[1] as string))];

void i18next.use(initReactI18next).init({
  resources: {},
  lng: 'en_US',
  fallbackLng: 'en_US',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Namespaces the app has needed so far: a language switch fetches all of them first. */
const needed = new Set<string>(FIRST_LOAD_NAMESPACES);
/** The language last asked for (it is shown once its strings are in). */
let target: string | null = null;
/** One fetch per catalogue; a failed one is forgotten, so the next attempt fetches again. */
const fetches = new Map<string, Promise<void>>();

function fetchCatalogue(locale: string, namespace: string): Promise<void> {
  const key = `${locale}/${namespace}`;
  if (i18next.hasResourceBundle(locale, namespace)) return Promise.resolve();
  let fetching = fetches.get(key);
  if (!fetching) {
    const load = catalogueFiles.get(key);
    if (!load) return Promise.reject(new Error(`No catalogue ${key}`));
    fetching = load().then(
      (catalogue) => {
        i18next.addResourceBundle(locale, namespace, catalogue, true, true);
      },
      (error: unknown) => {
        fetches.delete(key);
        throw error;
      },
    );
    fetches.set(key, fetching);
  }
  return fetching;
}

const fetchAll = (locales: Iterable<string>, wanted: Iterable<string>) =>
  Promise.all([...locales].flatMap((locale) => [...wanted].map((ns) => fetchCatalogue(locale, ns)))).then(
    () => undefined,
  );

/**
 * Fetches a language's catalogues of every namespace needed so far; t() has them from then on.
 * Switch the language only after this resolves, or the screen shows keys until the next render.
 * Every language has every key (i18n/locale-catalogues.test.ts), so the fallback language is not
 * fetched alongside.
 */
export function loadLocale(locale: string): Promise<void> {
  target = locale;
  return fetchAll([locale], needed);
}

/** The language shown and, while a switch is under way, the one coming. */
function localesInUse(): Set<string> {
  const locales = new Set<string>();
  for (const locale of [target, i18next.language]) if (locale) locales.add(locale);
  return locales;
}

/**
 * Fetches namespaces for the language shown (and one being switched to); from then on every
 * language switch fetches them too (loadLocale), so their screen never shows keys.
 */
export function loadNamespaces(wanted: readonly string[]): Promise<void> {
  for (const namespace of wanted) needed.add(namespace);
  return fetchAll(localesInUse(), wanted);
}

/**
 * A lazily loaded part's code together with the strings it draws that the first load has not
 * fetched: `lazyPart(() => withStrings(['trash'], import('./trash-hub.component')).then(…))`. A
 * catalogue that fails to load fails the part, which raises the preload-error event.
 */
export function withStrings<T>(wanted: readonly string[], code: Promise<T>): Promise<T> {
  return Promise.all([code, loadNamespaces(wanted)]).then(([module]) => module);
}

/** True once the shown language has these namespaces. */
export const hasNamespaces = (wanted: readonly string[]): boolean =>
  wanted.every((namespace) => i18next.hasResourceBundle(i18next.language, namespace));

/** Every catalogue of a language (tests, which check them all). */
export function loadEveryNamespace(locale: string): Promise<void> {
  for (const namespace of namespaces) needed.add(namespace);
  return fetchAll([locale], namespaces);
}

export default i18next;
