import { LOCALES } from '@nordlys/contract/constants';
import { isLocale, localeTag } from '@nordlys/contract/language-rule';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLocaleExplicitly } from './apply-locale';
import './language-switcher.css';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('locale');
  const id = useId();
  const current = isLocale(i18n.language) ? i18n.language : 'en_US';
  return (
    <div className="language-switcher">
      <Languages className="language-switcher__icon" size={16} aria-hidden="true" />
      <label className="visually-hidden" htmlFor={id}>
        {t('label')}
      </label>
      <select
        id={id}
        className="language-switcher__select"
        value={current}
        onChange={(event) => {
          if (isLocale(event.target.value)) void chooseLocaleExplicitly(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          // Each language is named in itself, so a reader lost in a foreign UI can find their own.
          <option key={locale} value={locale} lang={localeTag(locale)}>
            {t(`names.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
