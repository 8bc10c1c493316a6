import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { accountScreens } from '../features/account/account.screens';
import { ReadOnlyGate } from '../features/account/read-only-gate.component';
import { useFileActionAccount } from '../features/account/use-file-action-account';
import { albumCreationScreens } from '../features/album-creation/album-creation.screens';
import { albumsScreens } from '../features/albums/albums.screens';
import { authScreens } from '../features/auth/auth.screens';
import { LoginWall } from '../features/auth/login-wall.component';
import { carouselScreens } from '../features/carousel/carousel.screens';
import { commentsScreens } from '../features/comments/comments.screens';
import { DEVICES_SCREENS } from '../features/devices/devices.screens';
import { documentsScreens } from '../features/documents/documents.screens';
import { DOWNLOADS_SCREENS } from '../features/downloads/downloads.screens';
import { editorScreens } from '../features/editor/editor.screens';
import { FLAGS_SCREENS } from '../features/flags/flags.screens';
import { useJobSync } from '../features/job-sync/use-job-sync';
import { LanguageSwitcher } from '../features/locale/language-switcher.component';
import { PAGES_SCREENS } from '../features/pages/pages.screens';
import { privacyScreens } from '../features/privacy/privacy.screens';
import { settingsScreens } from '../features/settings/settings.screens';
import { sharingScreens } from '../features/sharing/sharing.screens';
import { subscriptionsScreens } from '../features/subscriptions/subscriptions.screens';
import { timelineScreens } from '../features/timeline/timeline.screens';
import { trashScreens } from '../features/trash/trash.screens';
import { openUploadDialog, selectFilesStored } from '../features/upload/upload-queue.slice';
import { withStrings } from '../i18n/i18n';
import { lazyPart } from '../routing/lazy-part';
import type { ScreenRoute } from '../routing/screen-route';
import { albumCreationSlots, SelectionTimeline } from './album-creation-wiring';
import { renderViewerCast } from './casting-wiring';
import {
  AlbumCommentsPanel,
  AlbumCreationNamePrompt,
  AlbumVisitorName,
  commentsSlots,
} from './comments-wiring';
import { EditButton, editorSlots, renderViewerEdit } from './editor-wiring';
import { usePrivacySlots } from './privacy-wiring';
import { useDefaultStorageGib, useShareNotify } from './sharing-wiring';
import { openSubscriptionRequired, useStorageEnvironment } from './subscriptions-wiring';

// What one feature lends another's screen loads with that screen, not with the app.
const ProfileSection = lazyPart(() =>
  import('../features/account/profile-section.component').then((module) => module.ProfileSection),
);
const FileMenu = lazyPart(() =>
  import('../features/file-menu/file-menu.component').then((module) => module.FileMenu),
);
const AlbumCarousel = lazyPart(() =>
  withStrings(['carousel'], import('../features/carousel/carousel-page.component')).then(
    (module) => module.CarouselPage,
  ),
);
const ProfilePicturePicker = lazyPart(() =>
  import('./profile-picture-picker.component').then((module) => module.ProfilePicturePicker),
);

/** Fetches the slots' code together with their screen's, rather than once the screen has rendered. */
function alsoPreloading(
  rows: readonly ScreenRoute[],
  ...slots: { preload(): Promise<void> }[]
): readonly ScreenRoute[] {
  return rows.map((row) => {
    const { preload } = row;
    if (!preload) return row;
    return {
      ...row,
      preload: () => Promise.all([preload(), ...slots.map((slot) => slot.preload())]).then(() => {}),
    };
  });
}

/** core.md §4 LOGIN_REQUIRED: the album is for signed-in users. */
function AlbumLoginGate() {
  const { t } = useTranslation('albums');
  return <LoginWall title={t('screens.album')} inApp={false} />;
}

function useFilesStored(): number {
  return useSelector(selectFilesStored);
}

/**
 * Every feature's screens by feature folder, each given what it needs from the others. A feature
 * going live adds its line here. Each screens module names its pages lazily, so a screen's code is
 * fetched when the screen is first shown; the slots below are fetched alongside the screen that shows them.
 */
export const FEATURE_SCREENS: Readonly<Record<string, readonly ScreenRoute[]>> = {
  pages: PAGES_SCREENS,
  flags: FLAGS_SCREENS,
  auth: authScreens({ renderAlbumCreationPrompt: (props) => <AlbumCreationNamePrompt {...props} /> }),
  account: alsoPreloading(
    accountScreens({
      renderTimelinePicker: (onPick) => (
        <Suspense fallback={null}>
          <ProfilePicturePicker onPick={onPick} />
        </Suspense>
      ),
    }),
    ProfilePicturePicker,
  ),
  settings: alsoPreloading(
    settingsScreens({
      profile: (
        <Suspense fallback={null}>
          <ProfileSection />
        </Suspense>
      ),
      languagePicker: <LanguageSwitcher />,
    }),
    ProfileSection,
  ),
  devices: DEVICES_SCREENS,
  privacy: privacyScreens(usePrivacySlots),
  downloads: DOWNLOADS_SCREENS,
  timeline: timelineScreens({
    useAccount: useFileActionAccount,
    useFilesStored,
    openUpload: (dispatch) => dispatch(openUploadDialog()),
    useChangeFeed: useJobSync,
  }),
  carousel: alsoPreloading(
    carouselScreens({
      useAccount: useFileActionAccount,
      useChangeFeed: useJobSync,
      renderCast: renderViewerCast,
      renderEdit: renderViewerEdit,
      // The viewer has its own delete and edit buttons; the menu carries the rest.
      renderMenu: (context) => (
        <Suspense fallback={null}>
          <FileMenu context={context} exclude={['DELETE', 'EDIT']} className="carousel__button" />
        </Suspense>
      ),
    }),
    FileMenu,
    EditButton,
  ),
  documents: documentsScreens({ useAccount: useFileActionAccount }),
  albums: alsoPreloading(
    albumsScreens({
      useAccount: useFileActionAccount,
      renderLoginGate: () => <AlbumLoginGate />,
      renderFileMenu: (context, onResult) => (
        <Suspense fallback={null}>
          <FileMenu context={context} onResult={onResult} />
        </Suspense>
      ),
      renderReadOnlyGate: (action, control) => (
        <ReadOnlyGate action={action} onSubscribe={openSubscriptionRequired}>
          {control}
        </ReadOnlyGate>
      ),
      useChangeFeed: useJobSync,
      renderVisitorName: (albumId, password) => <AlbumVisitorName albumId={albumId} password={password} />,
      // The album's files in the timeline's viewer, with the album's rights and its file menu.
      renderViewer: ({ source, ...props }) => (
        <Suspense fallback={null}>
          <AlbumCarousel
            {...props}
            source={source}
            useChangeFeed={useJobSync}
            renderCast={renderViewerCast}
            renderEdit={renderViewerEdit}
            renderComments={(file, onClose) => (
              <AlbumCommentsPanel albumId={file.jobID} file={file} onClose={onClose} />
            )}
            renderMenu={(context) => (
              <Suspense fallback={null}>
                <FileMenu context={context} exclude={['DELETE', 'EDIT']} className="carousel__button" />
              </Suspense>
            )}
          />
        </Suspense>
      ),
    }),
    FileMenu,
    AlbumCarousel,
    EditButton,
  ),
  'album-creation': alsoPreloading(albumCreationScreens(albumCreationSlots), SelectionTimeline),
  trash: trashScreens({ useAccount: useFileActionAccount }),
  sharing: sharingScreens({
    useAccount: useFileActionAccount,
    useNotify: useShareNotify,
    useDefaultStorageGib,
    openSubscription: openSubscriptionRequired,
  }),
  comments: commentsScreens(commentsSlots),
  subscriptions: subscriptionsScreens({ useStorageEnvironment }),
  editor: editorScreens(editorSlots),
};
