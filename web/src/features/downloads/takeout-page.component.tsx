import type { Album } from '@nordlys/contract/album';
import { localeTag } from '@nordlys/contract/language-rule';
import type { TimelineStats } from '@nordlys/contract/timeline';
import { Check, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAccountInfo } from '../../api/account.api';
import { fetchAlbumFiles, fetchAlbums } from '../../api/albums.api';
import { fetchEveryFile, fetchStats } from '../../api/timeline.api';
import { browserTransfer } from '../../file-actions/browser-transfer';
import { formatByteSize } from '../../i18n/unit-format';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { downloadItemOf, startPagedDownload } from './archive-download';
import { EmptyDownloadError, paginate, yearlyPages } from './download-split';
import type { DownloadSource } from './downloader.slice';
import {
  albumsWithFiles,
  isMobileDevice,
  readVisited,
  takeoutFileCount,
  writeVisited,
} from './takeout-rules';
import './takeout.css';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

const takeoutOf = (jobId: string): DownloadSource => ({ jobId, mode: 'takeout', password: null });

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
  const [failed, setFailed] = useState<'failed' | 'empty' | null>(null);
  const dispatch = useAppDispatch();
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
      .catch(() => !controller.signal.aborted && setFailed('failed'));
    fetchAlbums(controller.signal)
      .then((list) => setAlbums(albumsWithFiles(list)))
      .catch(() => !controller.signal.aborted && setFailed('failed'));
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
        <h1 className="takeout__title">{t('takeout.title')}</h1>
        <p className="takeout__mobile">{t('takeout.notOnMobile')}</p>
      </div>
    );
  }

  /**
   * The timeline goes per year (account.md §2, core.md §5: large timelines split per year), an
   * album in parts of at most 500 files and 3.5 GB; one part downloads at once, several open the
   * downloader.
   */
  const downloadTimeline = async () => {
    const { files } = await fetchEveryFile('default');
    await startPagedDownload(dispatch, browserTransfer(), {
      source: takeoutOf('default'),
      title: t('takeout.timelineTitle'),
      pages: yearlyPages(files.map(downloadItemOf), brandName),
    });
  };
  const downloadAlbum = async (album: Album, title: string) => {
    const files = await fetchAlbumFiles(album.id);
    const pages = paginate(files.map(downloadItemOf), {
      productName: brandName,
      year: new Date().getFullYear(),
    });
    await startPagedDownload(dispatch, browserTransfer(), {
      source: takeoutOf(album.id),
      title,
      pages,
      singleName: title,
    });
    const next = new Set(visited).add(album.id);
    setVisited(next);
    writeVisited(storage(), next);
  };
  const run = async (key: string, work: () => Promise<void>) => {
    setRunning(key);
    setFailed(null);
    try {
      await work();
    } catch (error) {
      setFailed(error instanceof EmptyDownloadError ? 'empty' : 'failed');
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
          {t(failed === 'empty' ? 'takeout.empty' : 'takeout.failed')}
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
            onClick={() => void run('timeline', downloadTimeline)}
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
                    onClick={() => void run(album.id, () => downloadAlbum(album, title))}
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
