import { localeTag } from '@nordlys/contract/language-rule';
import { Check, Download, Maximize2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { browserTransfer } from '../../file-actions/browser-transfer';
import { formatByteSize } from '../../i18n/unit-format';
import { Button, IconButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { downloadPage } from './archive-download';
import type { DownloadPage } from './download-split';
import { clickedCount, downloaderActions, selectDownloader } from './downloader.slice';
import './downloader.css';

export interface DownloaderProps {
  /** A part's archive could not be made: its files are reported (core.md §8 filesDownloadFailed). */
  onFailed: (fileIds: readonly string[]) => void;
}

function PageRow({
  page,
  pending,
  onDownload,
}: {
  page: DownloadPage;
  pending: boolean;
  onDownload: () => void;
}) {
  const { t, i18n } = useTranslation('downloads');
  const size = formatByteSize(page.totalSize, localeTag(i18n.language), t);
  return (
    <li className="downloader__page" data-clicked={page.clicked ? 'true' : undefined}>
      <span className="downloader__page-text">
        <span className="downloader__page-name">{`${page.name}.zip`}</span>
        <span className="downloader__page-meta">
          {t('downloader.pageMeta', { count: page.fileIDs.length, size })}
        </span>
      </span>
      {page.clicked && (
        <span className="downloader__clicked">
          <Check aria-hidden="true" />
          {t('downloader.clicked')}
        </span>
      )}
      <Button
        size="sm"
        variant={page.clicked ? 'ghost' : 'secondary'}
        icon={<Download />}
        pending={pending}
        // The visible words begin the name, so speech control finds the button by what it shows.
        aria-label={t(page.clicked ? 'downloader.againPage' : 'downloader.downloadPage', { name: page.name })}
        onClick={onDownload}
      >
        {page.clicked ? t('downloader.again') : t('downloader.download')}
      </Button>
    </li>
  );
}

/**
 * The downloader (core.md §2, §4): a download too large for one archive, listed part by part.
 * Maximised it is a modal; minimised, a small progress box in the corner that counts the parts
 * downloaded so far. Each part's link is minted when it is clicked.
 */
export function Downloader({ onFailed }: DownloaderProps) {
  const { t } = useTranslation('downloads');
  const dispatch = useDispatch();
  const state = useSelector(selectDownloader);
  const [pending, setPending] = useState<number | null>(null);
  const { mode, pages, source } = state;
  if (mode === 'off' || !source) return null;

  const download = async (index: number) => {
    const page = pages[index];
    if (!page) return;
    setPending(index);
    try {
      await downloadPage(browserTransfer(), source, page);
      dispatch(downloaderActions.pageClicked(index));
    } catch {
      onFailed(page.fileIDs);
    } finally {
      setPending(null);
    }
  };
  const done = clickedCount(state);
  const heading = state.title ? t('downloader.titleNamed', { name: state.title }) : t('downloader.title');
  const progress = t('downloader.progress', { done, count: pages.length });

  if (mode === 'min') {
    return (
      <section className="download-box" aria-label={heading}>
        <Download className="download-box__icon" aria-hidden="true" />
        <div className="download-box__text">
          <p className="download-box__title">{heading}</p>
          <p className="download-box__progress">{progress}</p>
          <span
            className="download-box__bar"
            role="progressbar"
            aria-label={progress}
            aria-valuemin={0}
            aria-valuemax={pages.length}
            aria-valuenow={done}
          >
            <span className="download-box__fill" style={{ width: `${(done / pages.length) * 100}%` }} />
          </span>
        </div>
        <IconButton
          size="sm"
          label={t('downloader.maximise')}
          icon={<Maximize2 />}
          onClick={() => dispatch(downloaderActions.maximised())}
        />
        <IconButton
          size="sm"
          label={t('downloader.clear')}
          icon={<X />}
          onClick={() => dispatch(downloaderActions.cleared())}
        />
      </section>
    );
  }

  return (
    <Modal
      open
      // Escape, a click outside and the close button keep the parts: the box stays in the corner.
      onOpenChange={(open) => {
        if (!open) dispatch(downloaderActions.minimised());
      }}
      title={heading}
      description={t('downloader.description', { count: pages.length })}
      className="downloader"
      footer={
        <>
          <Button variant="secondary" onClick={() => dispatch(downloaderActions.minimised())}>
            {t('downloader.minimise')}
          </Button>
          <Button variant="primary" onClick={() => dispatch(downloaderActions.cleared())}>
            {t('downloader.done')}
          </Button>
        </>
      }
    >
      <p className="downloader__progress" aria-live="polite">
        {progress}
      </p>
      <ul className="downloader__pages">
        {pages.map((page, index) => (
          <PageRow
            key={page.name}
            page={page}
            pending={pending === index}
            onDownload={() => void download(index)}
          />
        ))}
      </ul>
    </Modal>
  );
}
