import { useEffect, useRef, useState } from 'react';
import { useSelector, useStore } from 'react-redux';
import { getAuthToken } from '../../api/session';
import { isSafari } from './folder-tree.reader';
import { createHttpUploadTransport } from './http-upload.transport';
import { localPreviews } from './local-previews';
import { UploadEngine } from './upload.engine';
import type { UploadTransport } from './upload.transport';
import type { SupportedExtensions } from './upload-checks';
import { UploadDialog } from './upload-dialog.component';
import { UploadPanel } from './upload-panel.component';
import { uploadQueueActions as actions, selectUploadQueue, type UploadRootState } from './upload-queue.slice';

const acceptList = (extensions: SupportedExtensions): string =>
  [...extensions.pictures, ...extensions.videos].map((extension) => `.${extension}`).join(',');

/**
 * The upload dialog and status panel, mounted once among the always-present overlays. It owns the
 * uploader engine, so uploads keep going while the user moves between screens.
 */
export function UploadOverlay({
  transport,
  onAlbumCreated,
}: {
  transport?: UploadTransport;
  /** The first upload into a pending album created it (the autoCreatedAlbum toast). */
  onAlbumCreated?: (albumId: string) => void;
}) {
  const store = useStore<UploadRootState>();
  const queue = useSelector(selectUploadQueue);
  const onAlbumCreatedRef = useRef(onAlbumCreated);
  onAlbumCreatedRef.current = onAlbumCreated;
  const [engine] = useState(
    () =>
      new UploadEngine({
        dispatch: store.dispatch,
        getQueue: () => selectUploadQueue(store.getState()),
        subscribe: store.subscribe,
        transport: transport ?? createHttpUploadTransport(),
        previews: localPreviews,
        onAlbumCreated: (albumId) => onAlbumCreatedRef.current?.(albumId),
      }),
  );
  const [accept, setAccept] = useState<string | undefined>(undefined);
  const [safari] = useState(() => isSafari());

  useEffect(() => engine.start(), [engine]);

  useEffect(() => {
    if (!getAuthToken()) return;
    let live = true;
    void engine.refreshAccount().then((context) => {
      if (live && context) setAccept(acceptList(context.extensions));
    });
    return () => {
      live = false;
    };
  }, [engine]);

  return (
    <>
      <UploadDialog
        open={queue.dialogOpen}
        safari={safari}
        accept={accept}
        albumTarget={
          queue.dialogTarget && !('jobId' in queue.dialogTarget && queue.dialogTarget.jobId === 'default')
            ? {
                alsoTargetTimeline: queue.dialogTarget.alsoTargetTimeline === true,
                onChange: (alsoTargetTimeline) =>
                  store.dispatch(actions.dialogTargetChanged({ alsoTargetTimeline })),
              }
            : undefined
        }
        onClose={() => store.dispatch(actions.dialogClosed())}
        onFiles={(files, unreadableFolders) => {
          store.dispatch(actions.dialogClosed());
          void engine.addFiles(files, queue.dialogTarget ?? { jobId: 'default' }, unreadableFolders);
        }}
      />
      <UploadPanel queue={queue} dispatch={store.dispatch} safari={safari} />
    </>
  );
}
