import { ArrowRight, GalleryHorizontalEnd, Images, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './start-page.css';

const FEATURES = [
  { key: 'timeline', Icon: Images },
  { key: 'albums', Icon: GalleryHorizontalEnd },
  { key: 'private', Icon: ShieldCheck },
] as const;

/** Tiles for the hero collage; sizes vary so the grid reads like a real photo timeline. */
const MOSAIC_TILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;

export function StartPage({ brandName }: { brandName: string }) {
  const { t } = useTranslation('pages');
  return (
    <div className="start-page">
      <section className="start-hero" aria-labelledby="start-hero-title">
        <div className="start-hero__text">
          <p className="start-hero__eyebrow">{t('start.eyebrow')}</p>
          <h1 id="start-hero-title" className="start-hero__title">
            {brandName}
          </h1>
          <p className="start-hero__pitch">{t('start.pitch')}</p>
          <div className="start-hero__actions">
            <Link className="page-action page-action--primary start-hero__cta" to="/photos">
              {t('start.cta')}
              <ArrowRight size={16} aria-hidden="true" />
            </Link>
            <Link className="page-action page-action--secondary" to="/help">
              {t('start.secondary')}
            </Link>
          </div>
        </div>
        <div className="start-hero__mosaic" aria-hidden="true">
          {MOSAIC_TILES.map((tile) => (
            <span key={tile} className={`start-hero__tile start-hero__tile--${tile}`} />
          ))}
        </div>
      </section>
      <section className="start-features">
        <ul className="start-features__list">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="start-feature">
              <span className="start-feature__icon" aria-hidden="true">
                <Icon size={20} />
              </span>
              <h2 className="start-feature__title">{t(`start.features.${key}.title`)}</h2>
              <p className="start-feature__body">{t(`start.features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
