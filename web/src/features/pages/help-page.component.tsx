import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './help-page.css';

/** Section ids double as anchors the footer links to (/help#terms and so on). */
const SECTIONS = [
  'start',
  'upload',
  'albums',
  'trash',
  'takeout',
  'terms',
  'privacy',
  'legal',
  'free-version-ending',
] as const;

export function HelpPage({ brandName }: { brandName: string }) {
  const { t } = useTranslation('pages');
  const { hash } = useLocation();
  // Client-side navigation does not scroll to fragments, so footer links like /help#terms would land at the top.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="help-page" aria-labelledby="help-title">
      <header className="help-page__header">
        <h1 id="help-title" className="help-page__title">
          {t('help.title')}
        </h1>
        <p className="help-page__intro">{t('help.intro')}</p>
      </header>
      <nav className="help-page__toc" aria-label={t('help.contents')}>
        <ul>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`help.sections.${id}.title`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map((id) => (
        <section key={id} id={id} className="help-page__section" aria-labelledby={`help-${id}`}>
          <h2 id={`help-${id}`} className="help-page__section-title">
            {t(`help.sections.${id}.title`)}
          </h2>
          <p>{t(`help.sections.${id}.body`, { brand: brandName })}</p>
        </section>
      ))}
    </article>
  );
}
