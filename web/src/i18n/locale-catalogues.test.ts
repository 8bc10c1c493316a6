import { LOCALES } from '@nordlys/contract/constants';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { namespaces } from './i18n';

const REFERENCE = 'en_US';

/** Every text of a catalogue by its full key ('namespace:a.b.c'). */
function texts(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, child);
    } else {
      out.set(prefix, String(value));
    }
  };
  // test/setup.ts has loaded every language.
  for (const namespace of namespaces) walk(`${namespace}:`, i18next.getResourceBundle(locale, namespace));
  return new Map([...out].map(([key, text]) => [key.replace(':.', ':'), text]));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale catalogues', () => {
  const reference = texts(REFERENCE);

  it('has the reference catalogue', () => {
    expect(reference.size).toBeGreaterThan(100);
  });

  it.each(LOCALES.filter((locale) => locale !== REFERENCE))('%s has the same keys as en_US', (locale) => {
    const other = texts(locale);
    const missing = [...reference.keys()].filter((key) => !other.has(key));
    const extra = [...other.keys()].filter((key) => !reference.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALES.filter((locale) => locale !== REFERENCE))(
    '%s fills the same {{placeholders}} as en_US',
    (locale) => {
      const other = texts(locale);
      const differing = [...reference]
        .filter(
          ([key, text]) =>
            other.has(key) && placeholders(other.get(key)!).join() !== placeholders(text).join(),
        )
        .map(
          ([key, text]) => `${key}: ${placeholders(text).join()} vs ${placeholders(other.get(key)!).join()}`,
        );
      expect(differing).toEqual([]);
    },
  );

  it('leaves no text empty', () => {
    for (const locale of LOCALES) {
      const empty = [...texts(locale)].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(empty, locale).toEqual([]);
    }
  });

  it('uses the wording the spec gives for a language (account.md §8)', () => {
    const title = 'pages:error.userDisabled.title';
    expect(texts('en_US').get(title)).toBe('The account has been terminated by its user');
    expect(texts('sv_SE').get(title)).toBe('Kontot har avslutats');
  });
});
