import { useTranslation } from 'react-i18next';
import './account.css';

/** The profile picture, or the name's initial on the surface colour when there is none. */
export function Avatar({ name, url, size = 'lg' }: { name: string; url: string | null; size?: 'lg' }) {
  const { t } = useTranslation('account');
  const initial = [...name.trim()][0]?.toUpperCase() ?? '';
  return (
    <span className={`avatar avatar--${size}`}>
      {url ? (
        <img src={url} alt={t('avatar.alt', { name })} />
      ) : (
        <span role="img" aria-label={t('avatar.alt', { name })}>
          {initial}
        </span>
      )}
    </span>
  );
}
