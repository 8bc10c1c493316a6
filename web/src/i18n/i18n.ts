import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

// Each feature keeps its strings in locales/<locale>/<namespace>.json; all are bundled.
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, messages] of Object.entries(files)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, locale, ns] = match as unknown as [string, string, string];
  resources[locale] ??= {};
  resources[locale][ns] = messages;
}

export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

void i18next.use(initReactI18next).init({
  resources,
  lng: 'en_US',
  fallbackLng: 'en_US',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18next;
