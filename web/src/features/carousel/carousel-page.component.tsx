import type { FileRecord } from '@nordlys/contract/file';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ChangeFeedHook } from '../../api/job-feed.api';
import { getFileAction, runFileAction } from '../../file-actions/file-action.registry';
import type { FileActionContext, FileActionPermissions } from '../../file-actions/file-action.types';
import { useAppDispatch } from '../../state/hooks';
import { currentFile } from './carousel.slice';
import { apiCarouselSource, type CarouselSource } from './carousel.source';
import { CarouselViewer, type CarouselViewerProps } from './carousel-viewer.component';
import { useCarousel } from './use-carousel';

/** Navigation state a surface passes when it opens the viewer, so closing can go back to it. */
export interface CarouselOpenerState {
  /** The previous history entry is the timeline: closing goes back there (its scroll is restored). */
  fromTimeline?: boolean;
  /** The previous history entry is the album page that opened the viewer: closing goes back there. */
  fromAlbum?: boolean;
}

export const AUTOPLAY_HASH = '#autoplay';

export interface CarouselPageProps {
  fileId: string;
  /** The signed-in user, for the file actions' rules; null while unknown. */
  account: FileActionContext['account'];
  /** Where the files come from; the server's timeline by default. */
  source?: CarouselSource;
  /** Where the viewer lives and where it leaves to. */
  basePath?: string;
  leaveTo?: string;
  /** The file context menu for a file (the app composes features/file-menu here). */
  renderMenu?: (context: FileActionContext, file: FileRecord) => ReactNode;
  /** The cast button for the viewed list from the shown file (the app composes features/casting). */
  renderCast?: CarouselViewerProps['renderCast'];
  /** The edit button for a file (the app composes the shared edit action and the read-only gate). */
  renderEdit?: (context: FileActionContext, file: FileRecord) => ReactNode;
  /** The file's comments side panel (an album's viewer). */
  renderComments?: (file: FileRecord, onClose: () => void) => ReactNode;
  /** An album's rights over its files; without it the files are the user's own timeline. */
  jobRights?: { isJobOwner: boolean; permissions?: FileActionPermissions; albumIsShared?: boolean };
  /** The app's live change feed: removals made elsewhere leave the viewer as they happen. */
  useChangeFeed?: ChangeFeedHook;
}

/** /photos/{fileID}: the timeline viewer (core.md §2 Carousel). */
export function CarouselPage({
  fileId,
  account,
  source: givenSource,
  basePath = '/photos',
  leaveTo = '/photos',
  renderMenu,
  renderCast,
  renderEdit,
  renderComments,
  jobRights,
  useChangeFeed,
}: CarouselPageProps) {
  const appDispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const opener = (location.state ?? null) as CarouselOpenerState | null;
  const backToOpener = opener?.fromTimeline === true || opener?.fromAlbum === true;
  const source = useMemo(() => givenSource ?? apiCarouselSource(), [givenSource]);
  const [state, dispatch] = useCarousel(source, fileId, location.hash === AUTOPLAY_HASH, useChangeFeed);
  const file = currentFile(state);

  const close = () => {
    if (backToOpener) void navigate(-1);
    else void navigate(leaveTo);
  };

  // The address follows the viewed file without adding history entries.
  const shownId = file?.fileID;
  const hash = state.autoNavigate ? AUTOPLAY_HASH : '';
  useEffect(() => {
    if (!shownId) return;
    if (shownId === fileId && location.hash === hash) return;
    void navigate(`${basePath}/${encodeURIComponent(shownId)}${hash}`, {
      replace: true,
      state: location.state,
    });
  }, [shownId, hash, fileId, basePath, location.hash, location.state, navigate]);

  // The last file was deleted: nothing is left to show.
  const left = state.status === 'left';
  useEffect(() => {
    if (!left) return;
    if (backToOpener) void navigate(-1);
    else void navigate(leaveTo, { replace: true });
  }, [left, leaveTo, navigate, backToOpener]);

  const contextFor = (viewed: FileRecord): FileActionContext => ({
    surface: 'viewer',
    jobId: viewed.jobID,
    files: [viewed],
    account,
    // The timeline is always the user's own.
    isJobOwner: jobRights?.isJobOwner ?? true,
    permissions: jobRights?.permissions,
    albumIsShared: jobRights?.albumIsShared,
    dispatch: appDispatch,
  });
  const deleteAction = getFileAction('DELETE');
  const canDelete = file && deleteAction ? deleteAction.isVisible(contextFor(file)) : false;

  return (
    <CarouselViewer
      state={state}
      dispatch={dispatch}
      onClose={close}
      onDelete={
        canDelete && deleteAction
          ? (viewed) => void runFileAction(deleteAction, contextFor(viewed))
          : undefined
      }
      renderMenu={renderMenu ? (viewed) => renderMenu(contextFor(viewed), viewed) : undefined}
      renderEdit={renderEdit ? (viewed) => renderEdit(contextFor(viewed), viewed) : undefined}
      renderCast={renderCast}
      renderComments={renderComments}
    />
  );
}
