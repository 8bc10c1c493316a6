import { useSelector } from 'react-redux';
import { accountScreens } from '../features/account/account.screens';
import { ProfileSection } from '../features/account/profile-section.component';
import { useFileActionAccount } from '../features/account/use-file-action-account';
import { AUTH_SCREENS } from '../features/auth/auth.screens';
import { carouselScreens } from '../features/carousel/carousel.screens';
import { DEVICES_SCREENS } from '../features/devices/devices.screens';
import { documentsScreens } from '../features/documents/documents.screens';
import { FileMenu } from '../features/file-menu/file-menu.component';
import { FLAGS_SCREENS } from '../features/flags/flags.screens';
import { LanguageSwitcher } from '../features/locale/language-switcher.component';
import { PAGES_SCREENS } from '../features/pages/pages.screens';
import { settingsScreens } from '../features/settings/settings.screens';
import { timelineScreens } from '../features/timeline/timeline.screens';
import { openUploadDialog, selectFilesStored } from '../features/upload/upload-queue.slice';
import type { ScreenRoute } from '../routing/screen-route';
import { ProfilePicturePicker } from './profile-picture-picker.component';

function useFilesStored(): number {
  return useSelector(selectFilesStored);
}

/**
 * Every feature's screens by feature folder, each given what it needs from the others. A feature
 * going live adds its line here.
 */
export const FEATURE_SCREENS: Readonly<Record<string, readonly ScreenRoute[]>> = {
  pages: PAGES_SCREENS,
  flags: FLAGS_SCREENS,
  auth: AUTH_SCREENS,
  account: accountScreens({
    renderTimelinePicker: (onPick) => <ProfilePicturePicker onPick={onPick} />,
  }),
  settings: settingsScreens({ profile: <ProfileSection />, languagePicker: <LanguageSwitcher /> }),
  devices: DEVICES_SCREENS,
  timeline: timelineScreens({
    useAccount: useFileActionAccount,
    useFilesStored,
    openUpload: (dispatch) => dispatch(openUploadDialog()),
  }),
  carousel: carouselScreens({
    useAccount: useFileActionAccount,
    // The viewer has its own delete button; the menu carries the rest.
    renderMenu: (context) => <FileMenu context={context} exclude={['DELETE']} className="carousel__button" />,
  }),
  documents: documentsScreens({ useAccount: useFileActionAccount }),
};
