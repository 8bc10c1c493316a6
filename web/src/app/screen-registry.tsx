import { Suspense } from 'react';
import { useSelector } from 'react-redux';
import { accountScreens } from '../features/account/account.screens';
import { useFileActionAccount } from '../features/account/use-file-action-account';
import { AUTH_SCREENS } from '../features/auth/auth.screens';
import { carouselScreens } from '../features/carousel/carousel.screens';
import { DEVICES_SCREENS } from '../features/devices/devices.screens';
import { documentsScreens } from '../features/documents/documents.screens';
import { FLAGS_SCREENS } from '../features/flags/flags.screens';
import { LanguageSwitcher } from '../features/locale/language-switcher.component';
import { PAGES_SCREENS } from '../features/pages/pages.screens';
import { settingsScreens } from '../features/settings/settings.screens';
import { timelineScreens } from '../features/timeline/timeline.screens';
import { openUploadDialog, selectFilesStored } from '../features/upload/upload-queue.slice';
import { lazyPart } from '../routing/lazy-part';
import type { ScreenRoute } from '../routing/screen-route';

// What one feature lends another's screen loads with that screen, not with the app.
const ProfileSection = lazyPart(() =>
  import('../features/account/profile-section.component').then((module) => module.ProfileSection),
);
const FileMenu = lazyPart(() =>
  import('../features/file-menu/file-menu.component').then((module) => module.FileMenu),
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
  auth: AUTH_SCREENS,
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
  timeline: timelineScreens({
    useAccount: useFileActionAccount,
    useFilesStored,
    openUpload: (dispatch) => dispatch(openUploadDialog()),
  }),
  carousel: alsoPreloading(
    carouselScreens({
      useAccount: useFileActionAccount,
      // The viewer has its own delete button; the menu carries the rest.
      renderMenu: (context) => (
        <Suspense fallback={null}>
          <FileMenu context={context} exclude={['DELETE']} className="carousel__button" />
        </Suspense>
      ),
    }),
    FileMenu,
  ),
  documents: documentsScreens({ useAccount: useFileActionAccount }),
};
