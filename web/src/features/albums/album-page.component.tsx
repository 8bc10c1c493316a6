import {
  ALBUM_FILE_SORTS,
  ALBUM_PASSWORD_HEADER,
  type Album,
  type AlbumFileSort,
} from '@nordlys/contract/album';
import type { FileRecord } from '@nordlys/contract/file';
import { localeTag } from '@nordlys/contract/language-rule';
import {
  ArrowDownUp,
  ChevronLeft,
  Download,
  FolderPlus,
  Heart,
  ImageDown,
  ImageOff,
  ImagePlus,
  LockKeyhole,
  LogOut,
  MessageCircle,
  MoreHorizontal,
  Play,
  RefreshCw,
  Settings,
  Share2,
  Trash2,
  UserPlus,
  Users,
} from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fetchAlbumFiles, setAlbumSortOrder, subscribeAlbum } from '../../api/albums.api';
import { fetchAlbumChanges } from '../../api/comments.api';
import type { ChangeFeedHook } from '../../api/job-feed.api';
import { copyAlbumToTimeline } from '../../file-actions/album-copy';
import { canDownloadAlbum, downloadAlbum } from '../../file-actions/download-album.action';
import { onFileActionEvent } from '../../file-actions/file-action.events';
import type {
  FileActionAccount,
  FileActionContext,
  FileActionId,
  FileActionResult,
} from '../../file-actions/file-action.types';
import { useOverlay } from '../../routing/overlay';
import { useAppDispatch } from '../../state/hooks';
import { Button, IconButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Menu, type MenuEntry } from '../../ui/menu';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton';
import { useMobileWidth } from '../../ui/use-mobile-width';
import { type AlbumActionId, albumActionLayout, albumActions } from './album-actions.rules';
import { albumCarouselPath, albumPath } from './album-address';
import { planAlbumChanges } from './album-changes.rules';
import { deleteAlbumCommand, leaveAlbumCommand } from './album-commands';
import { AlbumFileGrid } from './album-file-grid.component';
import { sortAlbumFiles } from './album-files-sort';
import type { AlbumView } from './album-model';
import { LoveListOverlay, ParticipantsOverlay } from './album-people-overlays.component';
import { AlbumSettingsOverlay } from './album-settings-overlay.component';
import { AlbumShareOverlay } from './album-share-overlay.component';
import { albumsPorts } from './albums.ports';
import { ChoiceOverlay } from './choice-overlay.component';

/** The file menu slot: the menu for a context, and what to do once an action ran. */
export type RenderAlbumFileMenu = (
  context: FileActionContext,
  onResult: (id: FileActionId, result: FileActionResult) => void,
) => ReactNode;

const noChangeFeed: ChangeFeedHook = () => {};

/** A signed-out visitor's name in the album (for comments and loves), lent by the app. */
export type RenderVisitorName = (albumId: string, password: string | null) => ReactNode;

export interface AlbumPageProps {
  album: AlbumView;
  account: FileActionAccount | null;
  renderFileMenu?: RenderAlbumFileMenu;
  password: string | null;
  visitor: boolean;
  onChanged: (album: Album) => void;
  onReload: () => void;
  /** A change newer than the album as read arrived: it is partially fetched until read again. */
  onOutdated?: () => void;
  /** The album was deleted or left: it is no longer the user's to see. */
  onGone: () => void;
  useChangeFeed?: ChangeFeedHook;
  renderVisitorName?: RenderVisitorName;
}

type FilesState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; files: FileRecord[] };

/** The album page (core.md §2): header with people, loves, comments, cover; the files in flow view. */
export function AlbumPage({
  album,
  account,
  renderFileMenu,
  password,
  visitor,
  onChanged,
  onReload,
  onOutdated = onReload,
  onGone,
  useChangeFeed = noChangeFeed,
  renderVisitorName,
}: AlbumPageProps) {
  const { t, i18n } = useTranslation('albums');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { overlay, openOverlay, closeOverlay } = useOverlay();
  const [files, setFiles] = useState<FilesState>({ status: 'loading' });
  // A participant's choice of order is theirs alone; the owner's is saved for everyone.
  const [sort, setSort] = useState<AlbumFileSort>(album.sortOrder);
  const controller = useRef<AbortController | null>(null);
  const isOwner = album.role === 'owner';
  useEffect(() => setSort(album.sortOrder), [album.sortOrder]);

  /** Reads the files; a quiet read keeps what is shown until the answer is in, and keeps it on failure. */
  const loadFiles = useCallback(
    (quiet = false) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      if (!quiet) setFiles({ status: 'loading' });
      fetchAlbumFiles(album.id, { password }, current.signal).then(
        (list) => setFiles({ status: 'loaded', files: list }),
        () => {
          if (!current.signal.aborted && !quiet) setFiles({ status: 'failed' });
        },
      );
    },
    [album.id, password],
  );
  useEffect(() => {
    loadFiles();
    return () => controller.current?.abort();
  }, [loadFiles]);

  const dropFiles = useCallback((fileIds: readonly string[]) => {
    setFiles((current) =>
      current.status === 'loaded'
        ? { status: 'loaded', files: current.files.filter((file) => !fileIds.includes(file.fileID)) }
        : current,
    );
  }, []);

  // core.md §4: while the album is shown, its syncer brings what others add, remove or change.
  const feed = useRef({ albumId: album.id, serial: album.lastSerial, failing: false });
  if (feed.current.albumId !== album.id)
    feed.current = { albumId: album.id, serial: album.lastSerial, failing: false };
  const albumSerial = useRef(album.lastSerial);
  albumSerial.current = album.lastSerial;
  const feedLookup = useCallback(
    async (signal: AbortSignal) => {
      const since = feed.current.serial;
      let changes: Awaited<ReturnType<typeof fetchAlbumChanges>>;
      try {
        changes = await fetchAlbumChanges(album.id, since, { password, guestToken: null }, signal);
        feed.current.failing = false;
      } catch (error) {
        // A file-sync failure raises the error once; the syncer keeps retrying quietly.
        if (!signal.aborted && !feed.current.failing) {
          feed.current.failing = true;
          albumsPorts().showToast(dispatch, { type: 'genericError', jobId: album.id });
        }
        throw error;
      }
      const plan = planAlbumChanges(changes.changes, albumSerial.current);
      for (const type of plan.unknown) console.warn(`album change type ${type} is not known; ignored`);
      if (plan.removed.length > 0) dropFiles(plan.removed);
      if (plan.added.length > 0) loadFiles(true);
      if (plan.refreshStorage) albumsPorts().refreshStorage(dispatch);
      if (plan.outdated) onOutdated();
      else if (plan.rereadAlbum) onReload();
      feed.current.serial = Math.max(since, changes.serial);
      return { applied: changes.changes.length, serial: feed.current.serial };
    },
    [album.id, password, dispatch, dropFiles, loadFiles, onOutdated, onReload],
  );
  useChangeFeed(
    album.id,
    feed.current.serial,
    feedLookup,
    password ? { [ALBUM_PASSWORD_HEADER]: password } : undefined,
  );

  // Removed here (or by Undo brought back): the grid follows at once.
  useEffect(
    () =>
      onFileActionEvent((event) => {
        if (event.kind === 'removed' && event.jobId === album.id) dropFiles(event.fileIds);
        else if (event.kind === 'restored' && event.jobId === album.id) loadFiles(true);
      }),
    [album.id, dropFiles, loadFiles],
  );

  const contextFor = (file: FileRecord): FileActionContext => ({
    surface: 'album',
    jobId: album.id,
    files: [file],
    account,
    isJobOwner: isOwner,
    permissions: {
      deleteFile: album.rights.deleteFile,
      setFileAsAlbumCoverPhoto: album.rights.setFileAsAlbumCoverPhoto,
    },
    albumIsShared: album.isShared,
    dispatch,
  });
  // A new cover shows in the header.
  const afterAction = (id: FileActionId, result: FileActionResult) => {
    if (id === 'SET_COVER' && result.outcome === 'done') onReload();
  };

  const sorted = useMemo(
    () => (files.status === 'loaded' ? sortAlbumFiles(files.files, sort) : []),
    [files, sort],
  );

  const chooseSort = (next: AlbumFileSort) => {
    setSort(next);
    closeOverlay();
    if (isOwner) {
      setAlbumSortOrder(album.id, next).catch(() =>
        albumsPorts().showToast(dispatch, { type: 'genericError', jobId: album.id }),
      );
    }
  };

  const leaveTo = visitor ? '/' : '/albums';
  const phone = useMobileWidth();

  const [joining, setJoining] = useState(false);
  const joinNow = () => {
    setJoining(true);
    subscribeAlbum(album.id, { password }).then(
      (joined) => {
        setJoining(false);
        onChanged(joined);
      },
      () => {
        setJoining(false);
        albumsPorts().showToast(dispatch, { type: 'genericError', jobId: album.id });
      },
    );
  };

  const title = album.name || t('unnamed');
  const first = sorted[0];
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    void downloadAlbum(dispatch, { id: album.id, title, password }, sorted).finally(() =>
      setDownloading(false),
    );
  };
  const slideshow = () => {
    if (first)
      void navigate(`${albumCarouselPath(album.id, first.fileID)}#autoplay`, { state: { fromAlbum: true } });
  };
  const created = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'medium' }).format(
    new Date(album.ctime * 1000),
  );

  interface Action {
    label: string;
    icon: ReactNode;
    onSelect: () => void;
    primary?: boolean;
    danger?: boolean;
    disabled?: boolean;
    pending?: boolean;
  }
  const join =
    visitor && account === null
      ? // A signed-out visitor signs in first; the gate joins them once they are back.
        () => void navigate(`${albumPath(album.id, true)}/subscribe`)
      : joinNow;
  const action: Record<AlbumActionId, Action> = {
    addPhotos: {
      label: t('album.addPhotos'),
      icon: <ImagePlus />,
      primary: true,
      onSelect: () => void navigate(`${albumPath(album.id)}/edit/addPhotos`),
    },
    join: { label: t('album.join'), icon: <UserPlus />, primary: true, pending: joining, onSelect: join },
    share: { label: t('album.share'), icon: <Share2 />, onSelect: () => openOverlay('share') },
    keepFiles: {
      label: t('album.addToMyPhotos'),
      icon: <ImageDown />,
      onSelect: () =>
        // A visitor signs in first; the gate copies the album once they are back.
        album.rights.keepFiles
          ? void copyAlbumToTimeline(dispatch, album.id)
          : void navigate(`${albumPath(album.id, true)}/copyAlbum`),
    },
    download: {
      label: t('album.download'),
      icon: <Download />,
      pending: downloading,
      disabled: !canDownloadAlbum(sorted),
      onSelect: download,
    },
    slideshow: { label: t('album.slideshow'), icon: <Play />, disabled: !first, onSelect: slideshow },
    sort: {
      label: phone ? t('album.sortLabel', { order: t(`fileSort.${sort}`) }) : t(`fileSort.${sort}`),
      icon: <ArrowDownUp />,
      onSelect: () => openOverlay('album_files_sort'),
    },
    settings: { label: t('settings.title'), icon: <Settings />, onSelect: () => openOverlay('settings') },
    createOwn: {
      label: t('album.createOwn'),
      icon: <FolderPlus />,
      // The gate asks the guest's name and an account first, then opens album creation.
      onSelect: () => void navigate(`${albumPath(album.id, true)}/createNew`),
    },
    leave: {
      label: t('album.leave'),
      icon: <LogOut />,
      danger: true,
      onSelect: () =>
        void leaveAlbumCommand(dispatch, album.id, () => {
          onGone();
          void navigate(leaveTo, { replace: true });
        }),
    },
    delete: {
      label: t('album.delete'),
      icon: <Trash2 />,
      danger: true,
      onSelect: () =>
        void deleteAlbumCommand(dispatch, album.id, () => {
          onGone();
          void navigate('/albums', { replace: true });
        }),
    },
  };
  const layout = albumActionLayout(
    albumActions({
      isOwner,
      visitor,
      signedIn: account !== null,
      isShared: album.isShared,
      rights: album.rights,
    }),
    phone,
  );
  const menuItems: MenuEntry[] = layout.menu.map((id) => ({
    id,
    label: action[id].label,
    icon: action[id].icon,
    danger: action[id].danger,
    disabled: action[id].disabled || action[id].pending,
    onSelect: action[id].onSelect,
  }));
  const visitorName =
    visitor && album.allowComments && renderVisitorName ? renderVisitorName(album.id, password) : null;
  const privacyLabel = !album.isShared
    ? t('album.private')
    : album.passwordProtected
      ? t('album.protected')
      : null;

  return (
    <div className="album">
      {!visitor && (
        <Link className="album__back" to="/albums">
          <ChevronLeft aria-hidden="true" />
          {t('album.back')}
        </Link>
      )}
      <header className={['album__hero', album.coverLargeUrl ? 'album__hero--cover' : ''].join(' ')}>
        {album.coverLargeUrl && <img className="album__cover" src={album.coverLargeUrl} alt="" />}
        <div className="album__heading">
          <h1 className="album__title">{title}</h1>
          <p className="album__meta">
            {album.isShared && album.passwordProtected && (
              <LockKeyhole className="album__meta-lock" aria-hidden="true" />
            )}
            {[
              t('list.count', { count: album.mediaCount }),
              privacyLabel,
              album.isShared ? t('album.sharedBy', { name: album.ownerName }) : null,
              t('album.created', { date: created }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </header>

      <div className="album__bar">
        <div className="album__social">
          {album.isShared && (
            <button type="button" className="album__chip" onClick={() => openOverlay('participantsList')}>
              <Users aria-hidden="true" />
              {t('album.participants', { count: album.participantCount })}
            </button>
          )}
          <button type="button" className="album__chip" onClick={() => openOverlay('loveList')}>
            <Heart aria-hidden="true" className="album__love" />
            {t('people.loves', { count: album.reactionCount })}
          </button>
          <span className="album__chip album__chip--static">
            <MessageCircle aria-hidden="true" />
            {t('album.comments', { count: album.commentCount })}
          </span>
        </div>
        {/* On a phone the visitor's name takes a line of its own, above the one row of actions. */}
        {phone && visitorName && <div className="album__visitor">{visitorName}</div>}
        <div className="album__actions">
          {!phone && visitorName}
          {layout.buttons.map((id) =>
            id === 'settings' ? (
              <IconButton
                key={id}
                label={action[id].label}
                icon={action[id].icon}
                onClick={action[id].onSelect}
              />
            ) : (
              <Button
                key={id}
                variant={action[id].primary ? 'primary' : 'secondary'}
                icon={action[id].icon}
                pending={action[id].pending}
                disabled={action[id].disabled}
                onClick={action[id].onSelect}
              >
                {action[id].label}
              </Button>
            ),
          )}
          {menuItems.length > 0 && (
            <Menu
              align="end"
              trigger={<IconButton label={t('album.more')} icon={<MoreHorizontal />} />}
              items={menuItems}
            />
          )}
        </div>
      </div>

      {files.status === 'loading' && (
        <SkeletonGroup className="album__skeleton-grid">
          {Array.from({ length: Math.min(Math.max(album.mediaCount, 1), 12) }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="album__skeleton-tile" />
          ))}
        </SkeletonGroup>
      )}
      {files.status === 'failed' && (
        <EmptyState
          icon={<RefreshCw />}
          message={t('album.filesFailed')}
          action={{ label: t('retry'), onClick: () => loadFiles(), icon: <RefreshCw /> }}
        />
      )}
      {files.status === 'loaded' && sorted.length === 0 && (
        <EmptyState icon={<ImageOff />} message={t('album.empty')} />
      )}
      {sorted.length > 0 && (
        <AlbumFileGrid
          files={sorted}
          hrefOf={(file) => albumCarouselPath(album.id, file.fileID)}
          menuOf={renderFileMenu ? (file) => renderFileMenu(contextFor(file), afterAction) : undefined}
        />
      )}

      <ChoiceOverlay
        open={overlay === 'album_files_sort'}
        onClose={closeOverlay}
        title={t('fileSort.title')}
        options={ALBUM_FILE_SORTS}
        labelKey={(value) => `fileSort.${value}`}
        value={sort}
        onChoose={chooseSort}
      />
      {album.rights.editAlbum && (
        <AlbumSettingsOverlay
          open={overlay === 'settings'}
          onClose={closeOverlay}
          album={album}
          onSaved={onChanged}
        />
      )}
      {isOwner && (
        <AlbumShareOverlay
          open={overlay === 'share'}
          onClose={closeOverlay}
          album={album}
          onChanged={onChanged}
        />
      )}
      <ParticipantsOverlay
        open={overlay === 'participantsList' && album.isShared}
        onClose={closeOverlay}
        albumId={album.id}
        password={password}
      />
      <LoveListOverlay open={overlay === 'loveList'} onClose={closeOverlay} count={album.reactionCount} />
    </div>
  );
}
