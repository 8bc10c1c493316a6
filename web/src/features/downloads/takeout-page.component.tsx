import type { Album } from '@nordlys/contract/album';
import { localeTag } from '@nordlys/contract/language-rule';
import type { TimelineStats } from '@nordlys/contract/timeline';
import { Check, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAccountInfo } from '../../api/account.api';
import { fetchAlbums } from '../../api/albums.api';
import { archiveLink } from '../../api/archive.api';
import { fetchStats } from '../../api/timeline.api';
import { browserTransfer } from '../../file-actions/browser-transfer';
import { formatByteSize } from '../../i18n/unit-format';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import {
  albumsWithFiles,
  isMobileDevice,
  readVisited,
  takeoutFileCount,
  writeVisited,
} from './takeout-rules';
import './takeout.css';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** Follows a minted takeout link; the browser saves the archive it streams. */
async function downloadTakeout(jobId: string, zipName: string): Promise<void> {
  const { url } = await archiveLink(jobId, { mode: 'takeout', zip_filename: zipName });
  browserTransfer().download(url, `${zipName}.zip`);
}

/**
 * /settings/takeout (account.md §2): the whole timeline and each album as archives, desktop only.
 */
export function TakeoutPage({
  brandName,
  userAgent = navigator.userAgent,
}: {
  brandName: string;
  userAgent?: string;
}) {
  const { t, i18n } = useTranslation('downloads');
  const [stats, setStats] = useState<{ count: number; size: number } | null>(null);
  const [albums, setAlbums] = useState<Album[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const [visited, setVisited] = useState<Set<string>>(() => readVisited(storage()));
  const mobile = isMobileDevice(userAgent);

  useEffect(() => {
    if (mobile) return;
    const controller = new AbortController();
    Promise.all([fetchStats('default', controller.signal), getAccountInfo(controller.signal)])
      .then(([timeline, account]: [TimelineStats, { used_space: number }]) =>
        setStats({ count: takeoutFileCount(timeline), size: account.used_space }),
      )
      .catch(() => !controller.signal.aborted && setFailed(true));
    fetchAlbums(controller.signal)
      .then((list) => setAlbums(albumsWithFiles(list)))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [mobile]);

  const back = (
    <Link className="takeout__back" to="/settings/privacy">
      {t('takeout.back')}
    </Link>
  );
  if (mobile) {
    return (
      <div className="takeout">
        {back}
        <p className="takeout__mobile">{t('takeout.notOnMobile')}</p>
      </div>
    );
  }

  const run = async (key: string, jobId: string, zipName: string) => {
    setRunning(key);
    try {
      await downloadTakeout(jobId, zipName);
      if (key !== 'timeline') {
        const next = new Set(visited).add(key);
        setVisited(next);
        writeVisited(storage(), next);
      }
    } catch {
      setFailed(true);
    } finally {
      setRunning(null);
    }
  };

  return (
    <div className="takeout">
      {back}
      <h1 className="takeout__title">{t('takeout.title')}</h1>
      <section className="takeout__section" aria-labelledby="takeout-all">
        <h2 id="takeout-all" className="takeout__heading">
          {t('takeout.allHeading')}
        </h2>
        <p className="takeout__text">{t('takeout.allText')}</p>
        <p className="takeout__links">
          <a href="/help#takeout">{t('takeout.help')}</a>
          <Link to="/settings/storage">{t('takeout.storage')}</Link>
        </p>
      </section>
      {failed ? (
        <p className="takeout__error" role="alert">
          {t('takeout.failed')}
        </p>
      ) : null}
      <section className="takeout__section" aria-labelledby="takeout-timeline">
        <h2 id="takeout-timeline" className="takeout__heading">
          {t('takeout.timelineHeading')}
        </h2>
        <div className="takeout__row">
          {stats ? (
            <span className="takeout__stats">
              {t('takeout.stats', {
                count: stats.count,
                size: formatByteSize(stats.size, localeTag(i18n.language), t),
              })}
            </span>
          ) : (
            <Skeleton className="takeout__skeleton" />
          )}
          <Button
            icon={<Download />}
            pending={running === 'timeline'}
            disabled={!stats || stats.count === 0 || running !== null}
            onClick={() => void run('timeline', 'default', t('takeout.timelineZip', { brand: brandName }))}
          >
            {t('takeout.download')}
          </Button>
        </div>
      </section>
      <section className="takeout__section" aria-labelledby="takeout-albums">
        <h2 id="takeout-albums" className="takeout__heading">
          {t('takeout.albumsHeading')}
        </h2>
        {albums === null ? (
          <Skeleton className="takeout__skeleton" />
        ) : albums.length === 0 ? (
          <p className="takeout__text">{t('takeout.noAlbums')}</p>
        ) : (
          <ul className="takeout__albums">
            {albums.map((album) => {
              const title = album.name || t('takeout.untitled');
              const done = visited.has(album.id);
              return (
                <li key={album.id} className="takeout__album" data-visited={done ? 'true' : undefined}>
                  <span className="takeout__album-name">
                    {title}
                    <span className="takeout__album-count">
                      {t('takeout.albumCount', { count: album.media_count })}
                    </span>
                  </span>
                  {done ? (
                    <span className="takeout__visited">
                      <Check aria-hidden="true" />
                      {t('takeout.visited')}
                    </span>
                  ) : null}
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Download />}
                    pending={running === album.id}
                    disabled={running !== null}
                    aria-label={t('takeout.downloadAlbum', { name: title })}
                    onClick={() => void run(album.id, album.id, title)}
                  >
                    {t('takeout.download')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
