import { ChevronRight, GalleryHorizontalEnd, Images } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchTrashPage } from '../../api/trash.api';
import { fetchDeletedAlbums } from '../../api/trash-albums.api';
import './trash.css';

/** /deleted_items: the trash hub with its two lists (core.md §2). */
export function TrashHub() {
  const { t } = useTranslation('trash');
  const [photoCount, setPhotoCount] = useState<number | null>(null);
  const [albumCount, setAlbumCount] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchTrashPage(0, 1, controller.signal).then(
      (page) => setPhotoCount(page.total),
      () => undefined,
    );
    fetchDeletedAlbums(controller.signal).then(
      (albums) => setAlbumCount(albums.length),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const entries = [
    {
      to: 'photos',
      icon: <Images />,
      label: t('hub.photos'),
      detail: photoCount === null ? null : t('hub.count', { count: photoCount }),
    },
    {
      to: 'albums',
      icon: <GalleryHorizontalEnd />,
      label: t('hub.albums'),
      detail: albumCount === null ? null : t('hub.albumCount', { count: albumCount }),
    },
  ];
  return (
    <div className="trash trash--hub">
      <h1 className="trash__title">{t('hub.title')}</h1>
      <p className="trash__intro">{t('hub.intro')}</p>
      <ul className="trash-hub">
        {entries.map((entry) => (
          <li key={entry.to}>
            {/* Relative, so the in-app copy stays in-app. */}
            <Link className="trash-hub__entry" to={entry.to} relative="path">
              <span className="trash-hub__icon" aria-hidden="true">
                {entry.icon}
              </span>
              <span className="trash-hub__text">
                <span className="trash-hub__label">{entry.label}</span>
                {entry.detail && <span className="trash-hub__detail">{entry.detail}</span>}
              </span>
              <ChevronRight className="trash-hub__chevron" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
