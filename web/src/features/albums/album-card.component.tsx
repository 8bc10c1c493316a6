import type { Album } from '@nordlys/contract/album';
import { Images, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { thumbhashDataUrl } from '../../ui/thumbhash';
import type { AlbumView } from './album-model';

export interface AlbumCardProps {
  album: AlbumView;
  /** The album as listed, handed to its page so it shows at once (PARTIALLY_FETCHED). */
  record: Album;
  href: string;
  /** The first cards are on screen at once: their covers load first. */
  eager?: boolean;
}

/** One album in the list: cover, name, item count and a shared mark (core.md §2, 296 x 320). */
export function AlbumCard({ album, record, href, eager }: AlbumCardProps) {
  const { t } = useTranslation('albums');
  const title = album.name || t('unnamed');
  const coverHash = thumbhashDataUrl(record.cover?.thumbhash);
  return (
    <li className="album-card">
      <Link className="album-card__link" to={href} state={{ listedAlbum: record }}>
        <span className="album-card__cover">
          {album.coverUrl && coverHash && <img className="album-card__hash" src={coverHash} alt="" />}
          {album.coverUrl ? (
            <img
              src={album.coverUrl}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="album-card__image"
            />
          ) : (
            <span className="album-card__placeholder" aria-hidden="true">
              <Images />
            </span>
          )}
          {album.isShared && (
            <span className="album-card__shared">
              <Users aria-hidden="true" />
              {t('list.sharedMark')}
            </span>
          )}
        </span>
        <span className="album-card__name">{title}</span>
        <span className="album-card__count">{t('list.count', { count: album.mediaCount })}</span>
      </Link>
    </li>
  );
}
