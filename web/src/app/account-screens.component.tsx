import { ProfilePicturePage } from '../features/account/profile-picture-page.component';
import { ProfileSection } from '../features/account/profile-section.component';
import { LoginGatePage } from '../features/auth/login-gate-page.component';
import type { GateScreen } from '../features/auth/login-gates';
import { LoginCallbackPage, LoginStartPage } from '../features/auth/login-pages.component';
import { DevicesPage } from '../features/devices/devices-page.component';
import { LanguageSwitcher } from '../features/locale/language-switcher.component';
import { SettingsPage } from '../features/settings/settings-page.component';
import { ProfilePicturePicker } from './profile-picture-picker.component';
import type { ScreenProps } from './screen-registry';

/** Screens of sign-in, account, devices and settings, composed from their features. */
export const ACCOUNT_SCREENS = {
  login: () => <LoginStartPage />,
  loginCallback: () => <LoginCallbackPage />,
  settings: () => <SettingsPage profile={<ProfileSection />} languagePicker={<LanguageSwitcher />} />,
  devices: () => <DevicesPage />,
  selectProfilePicture: () => (
    <ProfilePicturePage renderTimelinePicker={(onPick) => <ProfilePicturePicker onPick={onPick} />} />
  ),
  ...Object.fromEntries(
    (
      [
        'createAlbumGate',
        'subscribeAlbumGate',
        'copyAlbumGate',
        'copyAlbumFileGate',
        'copyShareGate',
      ] as const
    ).map((screen: GateScreen) => [
      screen,
      ({ params }: ScreenProps) => <LoginGatePage screen={screen} params={params} />,
    ]),
  ),
};
