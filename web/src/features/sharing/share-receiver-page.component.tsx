import { localeTag } from '@nordlys/contract/language-rule';
import { linkExpiryDate, type Share, type ShareFile } from '@nordlys/contract/share';
import { Download, FileText, ImagePlus, Link2Off, LogIn, RefreshCw, WifiOff } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { deleteShare, fetchShare } from '../../api/shares.api';
import { downloadShare } from '../../file-actions/download-share.action';
import type { DownloadableFile, FileActionAccount } from '../../file-actions/file-action.types';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { TextInput } from '../../ui/text-input';
import {
  copyShareOrHold,
  dispatchShareCopyHold,
  heldShareCopy,
  onShareCopyHoldChange,
} from './share-copy-hold.store';
import {
  gridIsCentred,
  headerKey,
  type ShareFetchStatus,
  shareStatusForFailure,
  showAddToTimeline,
  thumbFor,
} from './share-receiver.rules';
import './share-receiver.css';

export type ShareToast =
  | 'shareCopiedToTimeline'
  | 'shareCopiedToTimelineFailed'
  | 'shareDeleted'
  | 'shareDeletionFailed';

export interface ShareReceiverProps {
  shareId: string;
  account: FileActionAccount | null;
  notify(type: ShareToast): void;
  /** Storage a new account gets, in GiB, from the server's configuration. */
  storageGib: number;
  /** Opens the Subscription overlay for a copy held for want of one. */
  onSubscribe?: () => void;
}

type StopShare = 'closed' | 'confirming' | 'stopping';

const fileName = (file: ShareFile) => file.path.split('/').pop() ?? file.path;

const downloadable = (file: ShareFile): DownloadableFile => ({
  fileID: file.fileID,
  fileName: fileName(file),
  path: file.path,
  size: file.size,
  previewURL: file.downloadURL,
});

/**
 * The width of the grid's cells, once laid out (null before): the thumbnails wait for it so a
 * narrow cell never fetches the large one first.
 */
function useCellWidth(): [number | null, (grid: HTMLUListElement | null) => void] {
  const [width, setWidth] = useState<number | null>(null);
  const observe = useCallback((grid: HTMLUListElement | null) => {
    if (!grid) return;
    const measure = () => {
      const cell = grid.firstElementChild;
      if (cell) setWidth(cell.getBoundingClientRect().width);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(grid);
    return () => observer.disconnect();
  }, []);
  return [width, observe];
}

/** A share that cannot be shown: what happened, in a heading and a sentence, and where to go on. */
function ShareStatus({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <div className="share-receiver share-receiver--centred">
      <section className="share-receiver__status" aria-labelledby="share-status-title">
        <span className="share-receiver__status-icon" aria-hidden="true">
          {icon}
        </span>
        <h1 id="share-status-title">{title}</h1>
        {text && <p>{text}</p>}
        <div className="share-receiver__status-actions">{children}</div>
      </section>
    </div>
  );
}

/** core.md §2 share receiver: the files someone shared, by link. */
export function ShareReceiverPage({ shareId, account, notify, storageGib, onSubscribe }: ShareReceiverProps) {
  const { t, i18n } = useTranslation('sharing');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<ShareFetchStatus>('NOT_STARTED');
  const [share, setShare] = useState<Share | null>(null);
  const [password, setPassword] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [rejected, setRejected] = useState(false);
  const [stop, setStop] = useState<StopShare>('closed');
  const [copying, setCopying] = useState(false);
  const signedIn = account !== null;
  const [cellWidth, gridRef] = useCellWidth();
  const held = useSyncExternalStore(onShareCopyHoldChange, heldShareCopy);
  // While the Subscription overlay is open the hold waits behind it; the overlay resumes or drops it.
  const [subscribing, setSubscribing] = useState(false);
  useEffect(() => {
    if (!held) setSubscribing(false);
  }, [held]);

  const load = useCallback(
    (withPassword: string | null, signal?: AbortSignal) => {
      setStatus('PENDING');
      fetchShare(shareId, withPassword, signal).then(
        (answer) => {
          setShare(answer);
          setPassword(withPassword);
          setStatus('FETCHED');
        },
        (error: unknown) => {
          if (signal?.aborted) return;
          const failure =
            error instanceof ApiError ? { status: error.status, reason: error.reason } : { status: null };
          const next = shareStatusForFailure(failure, signedIn);
          setRejected(next === 'PASSWORD_REQUIRED' && withPassword !== null);
          setStatus(next);
        },
      );
    },
    [shareId, signedIn],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(null, controller.signal);
    return () => controller.abort();
  }, [load]);

  if (status === 'NOT_STARTED' || status === 'PENDING' || (status === 'FETCHED' && !share)) {
    return (
      <div className="share-receiver share-receiver--centred">
        <Spinner size="lg" />
      </div>
    );
  }
  if (status === 'PASSWORD_REQUIRED') {
    return (
      <div className="share-receiver share-receiver--centred">
        <form
          className="share-receiver__password"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed) load(typed);
          }}
        >
          <h1>{t('receiver.passwordTitle')}</h1>
          <FormField
            label={t('receiver.password')}
            error={rejected ? { message: t('receiver.incorrectPassword') } : null}
          >
            <TextInput
              type="password"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoFocus
            />
          </FormField>
          <Button type="submit" variant="primary" disabled={!typed}>
            {t('receiver.open')}
          </Button>
        </form>
      </div>
    );
  }
  if (status === 'LOGIN_REQUIRED') {
    return (
      <ShareStatus icon={<LogIn />} title={t('receiver.loginTitle')}>
        <Button variant="primary" icon={<LogIn />} onClick={() => navigate(`/share/${shareId}/copyShare`)}>
          {t('receiver.signInOnly')}
        </Button>
      </ShareStatus>
    );
  }
  if (status !== 'FETCHED' || !share) {
    const failed = status === 'FETCH_FAILED';
    return (
      <ShareStatus
        icon={failed ? <WifiOff /> : <Link2Off />}
        title={t(failed ? 'receiver.failedTitle' : 'receiver.goneTitle')}
        text={failed ? undefined : t('receiver.notFound')}
      >
        {failed && (
          <Button variant="primary" icon={<RefreshCw />} onClick={() => load(password)}>
            {t('receiver.retry')}
          </Button>
        )}
        {signedIn ? (
          <Link className={`ui-button ui-button--${failed ? 'secondary' : 'primary'}`} to="/photos">
            {t('receiver.toTimeline')}
          </Link>
        ) : (
          <>
            <Link className="ui-button ui-button--secondary" to="/">
              {t('receiver.toStart')}
            </Link>
            <Link className={`ui-button ui-button--${failed ? 'secondary' : 'primary'}`} to="/login">
              {t('receiver.signInOnly')}
            </Link>
          </>
        )}
      </ShareStatus>
    );
  }

  const count = share.thumbFiles.length + share.docFiles.length;
  const isOwner = account?.userId === share.owner.userID;
  const owner = share.owner.name || share.owner.email;
  const all = [...share.thumbFiles, ...share.docFiles];

  const addToTimeline = async () => {
    if (!signedIn) {
      navigate(`/share/${encodeURIComponent(shareId)}/copyShare`);
      return;
    }
    setCopying(true);
    const outcome = await copyShareOrHold(shareId, password);
    setCopying(false);
    if (outcome === 'copied') {
      notify('shareCopiedToTimeline');
      navigate('/photos');
    }
    if (outcome === 'failed') notify('shareCopiedToTimelineFailed');
  };
  const download = (files: readonly ShareFile[]) =>
    void downloadShare(dispatch, { id: shareId, password }, files.map(downloadable));
  const confirmStop = async () => {
    setStop('stopping');
    try {
      await deleteShare(shareId);
      // core.md §2: the deleted notice, then back to the timeline; the page itself no longer exists.
      notify('shareDeleted');
      navigate('/photos', { replace: true });
    } catch {
      setStop('closed');
      notify('shareDeletionFailed');
    }
  };

  return (
    <div className="share-receiver">
      <header className="share-receiver__header">
        <div>
          <h1>{t(headerKey(count, isOwner), { count, owner })}</h1>
          <p className="share-receiver__sub">
            {t('receiver.validUntil', { date: linkExpiryDate(share.expires, localeTag(i18n.language)) })}
          </p>
        </div>
        <div className="share-receiver__actions">
          <Button icon={<Download />} onClick={() => download(all)}>
            {count === 1 ? t('receiver.downloadFile') : t('receiver.downloadAll')}
          </Button>
          {showAddToTimeline(account) && (
            <Button
              variant="primary"
              icon={<ImagePlus />}
              disabled={copying}
              onClick={() => void addToTimeline()}
            >
              {t('receiver.addToTimeline')}
            </Button>
          )}
          {isOwner && (
            <Button variant="danger" icon={<Link2Off />} onClick={() => setStop('confirming')}>
              {t('receiver.stopSharing')}
            </Button>
          )}
        </div>
      </header>
      {share.thumbFiles.length > 0 && (
        <ul
          ref={gridRef}
          className={`share-receiver__grid${gridIsCentred(share.thumbFiles.length) ? ' share-receiver__grid--centred' : ''}`}
        >
          {share.thumbFiles.map((file) => (
            <li key={file.fileID} className="share-receiver__cell">
              <img
                src={cellWidth === null ? undefined : (thumbFor(file, cellWidth) ?? undefined)}
                alt={fileName(file)}
                loading="lazy"
                className="share-receiver__thumb"
              />
            </li>
          ))}
        </ul>
      )}
      {share.docFiles.length > 0 && (
        <ul className="share-receiver__docs" aria-label={t('receiver.documents')}>
          {share.docFiles.map((file) => (
            <li key={file.fileID}>
              <Button icon={<FileText />} onClick={() => download([file])}>
                {fileName(file)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!signedIn && (
        <aside className="share-receiver__invite">
          <p>{t('receiver.invite', { size: storageGib })}</p>
          <Button
            variant="primary"
            icon={<LogIn />}
            onClick={() => navigate(`/share/${encodeURIComponent(shareId)}/copyShare`)}
          >
            {t('receiver.signUp')}
          </Button>
        </aside>
      )}
      <Modal
        open={held?.shareId === shareId && !subscribing}
        onOpenChange={(open) => {
          if (!open && !subscribing) dispatchShareCopyHold({ type: 'cancelled' });
        }}
        title={t('receiver.holdTitle')}
        description={t(held?.reason === 'read_only' ? 'receiver.holdReadOnly' : 'receiver.holdOutOfStorage')}
        footer={
          <>
            <Button variant="ghost" onClick={() => dispatchShareCopyHold({ type: 'cancelled' })}>
              {t('receiver.holdCancel')}
            </Button>
            {onSubscribe && (
              <Button
                variant="primary"
                onClick={() => {
                  setSubscribing(true);
                  onSubscribe();
                }}
              >
                {t('receiver.holdSubscribe')}
              </Button>
            )}
          </>
        }
      >
        {null}
      </Modal>
      <Modal
        open={stop !== 'closed'}
        onOpenChange={(open) => {
          if (!open && stop === 'confirming') setStop('closed');
        }}
        title={t('receiver.stopTitle')}
        description={t('receiver.stopText')}
        footer={
          <>
            <Button variant="ghost" disabled={stop === 'stopping'} onClick={() => setStop('closed')}>
              {t('receiver.cancel')}
            </Button>
            <Button variant="danger" pending={stop === 'stopping'} onClick={() => void confirmStop()}>
              {t('receiver.stopSharing')}
            </Button>
          </>
        }
      >
        {null}
      </Modal>
    </div>
  );
}
