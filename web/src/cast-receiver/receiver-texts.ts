import type { Locale } from '@nordlys/contract/constants';
import { isLocale } from '@nordlys/contract/language-rule';
import bg from '../i18n/locales/bg_BG/cast-receiver.json';
import en from '../i18n/locales/en_US/cast-receiver.json';
import nb from '../i18n/locales/nb_NO/cast-receiver.json';
import sv from '../i18n/locales/sv_SE/cast-receiver.json';

/*
 * The receiver is a page of its own with no i18n library (a TV loads every byte of it): its few
 * texts come straight from the catalogues, in the language the server chose for this TV.
 */
const CATALOGUES: Record<Locale, typeof en> = { en_US: en, nb_NO: nb, sv_SE: sv, bg_BG: bg };

export interface IdleTexts {
  brand: string;
  ready: string;
  hint: string;
}

/** The idle screen's texts; an unknown locale reads English, a missing brand the product's name. */
export function idleTexts(locale: string | undefined, brand: string | undefined): IdleTexts {
  const catalogue = CATALOGUES[isLocale(locale) ? locale : 'en_US'];
  const name = brand?.trim() || 'Nordlys';
  return { brand: name, ready: catalogue.ready, hint: catalogue.hint.replaceAll('{{brand}}', name) };
}
