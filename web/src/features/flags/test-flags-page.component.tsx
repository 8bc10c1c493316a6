import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { FLAG_DEFINITIONS } from './flag-definitions';
import { selectFlags, setFlag } from './flags.slice';
import './test-flags-page.css';

export function TestFlagsPage() {
  const { t } = useTranslation('flags');
  const flags = useSelector(selectFlags);
  const dispatch = useDispatch<ThunkDispatch<Parameters<typeof selectFlags>[0], unknown, UnknownAction>>();

  return (
    <section className="test-flags" aria-labelledby="test-flags-title">
      <h1 id="test-flags-title" className="test-flags__title">
        {t('page.title')}
      </h1>
      <p className="test-flags__intro">{t('page.intro')}</p>
      <ul className="test-flags__list">
        {FLAG_DEFINITIONS.map(({ name, defaultValue }) => {
          const checked = flags[name];
          const id = `flag-${name}`;
          return (
            <li key={name} className="test-flags__row">
              <input
                id={id}
                type="checkbox"
                className="test-flags__checkbox"
                checked={checked}
                onChange={(event) => dispatch(setFlag(name, event.target.checked))}
                aria-describedby={`${id}-hint`}
              />
              <label htmlFor={id} className="test-flags__label">
                <span className="test-flags__name">{t(`labels.${name}`)}</span>
                <code className="test-flags__key">{name}</code>
              </label>
              <span id={`${id}-hint`} className="test-flags__default">
                {checked === defaultValue ? t('page.isDefault') : t('page.changed')}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="test-flags__hint">{t('page.queryHint')}</p>
      <Link className="test-flags__link" to="/settings/debug">
        {t('page.debugLink')}
      </Link>
    </section>
  );
}
