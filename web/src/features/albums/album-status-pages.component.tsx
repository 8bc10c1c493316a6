import { FolderX, LockKeyhole, RefreshCw, Trash2, WifiOff } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton';
import { TextInput } from '../../ui/text-input';
import './albums.css';

/** The album's place while it loads: header and a few tiles as skeletons. */
export function AlbumLoader() {
  return (
    <SkeletonGroup className="album album--loading">
      <Skeleton shape="text" width="var(--size-album-card-width)" height="var(--font-size-xxl)" />
      <Skeleton shape="text" width="30%" />
      <span className="album__skeleton-grid">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className="album__skeleton-tile" />
        ))}
      </span>
    </SkeletonGroup>
  );
}

export interface AlbumNotFoundProps {
  signedIn: boolean;
  /** The fetch failed (not a refusal): offer a retry. */
  failed?: boolean;
  onRetry?: () => void;
  /** The owner's album is in the trash. */
  deleted?: boolean;
}

/** Not found, failed (with a retry) or in the trash: core.md §2 album-not-found page. */
export function AlbumNotFound({ signedIn, failed, onRetry, deleted }: AlbumNotFoundProps) {
  const { t } = useTranslation('albums');
  const texts = failed ? 'failed' : deleted ? 'deleted' : 'notFound';
  return (
    <div className="album-status">
      <span className="album-status__icon" aria-hidden="true">
        {failed ? <WifiOff /> : deleted ? <Trash2 /> : <FolderX />}
      </span>
      <h1 className="album-status__title">{t(`${texts}.title`)}</h1>
      <p className="album-status__text">{t(`${texts}.message`)}</p>
      <div className="album-status__actions">
        {failed && onRetry && (
          <Button variant="primary" icon={<RefreshCw />} onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
        {deleted && (
          <Link className="ui-button ui-button--primary" to="/deleted_items/albums">
            {t('deleted.toTrash')}
          </Link>
        )}
        <Link className="ui-button ui-button--secondary" to={signedIn ? '/albums' : '/'}>
          {t(signedIn ? 'notFound.toAlbums' : 'notFound.toStart')}
        </Link>
      </div>
    </div>
  );
}

export interface AlbumPasswordPageProps {
  /** The typed password; the wrapper transforms it before it is sent. */
  onSubmit: (password: string) => void;
  pending: boolean;
  /** The last try was wrong: 'incorrect password'. */
  rejected: boolean;
}

/** core.md §2: a password album asks for its password. */
export function AlbumPasswordPage({ onSubmit, pending, rejected }: AlbumPasswordPageProps) {
  const { t } = useTranslation('albums');
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setEmpty(true);
      return;
    }
    onSubmit(password);
  };
  return (
    <div className="album-status">
      <span className="album-status__icon" aria-hidden="true">
        <LockKeyhole />
      </span>
      <h1 className="album-status__title" id={titleId}>
        {t('password.title')}
      </h1>
      <p className="album-status__text">{t('password.message')}</p>
      <form className="album-status__form" onSubmit={submit} aria-labelledby={titleId} noValidate>
        <FormField
          label={t('password.label')}
          required
          error={rejected ? { message: t('password.incorrect') } : empty ? 'required' : null}
        >
          <TextInput
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setEmpty(false);
            }}
            autoFocus
          />
        </FormField>
        <Button type="submit" variant="primary" block pending={pending}>
          {t('password.submit')}
        </Button>
      </form>
    </div>
  );
}
