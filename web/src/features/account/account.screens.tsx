import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import type { ProfilePicturePageProps } from './profile-picture-page.component';

// The crop UI (react-easy-crop) loads with this page only.
const ProfilePicturePage = lazyPart(() =>
  import('./profile-picture-page.component').then((module) => module.ProfilePicturePage),
);

const route = routesOf('account');

export type AccountScreenSlots = Pick<ProfilePicturePageProps, 'renderTimelinePicker'>;

export const accountScreens = ({ renderTimelinePicker }: AccountScreenSlots): readonly ScreenRoute[] => [
  route('/selectProfilePicture', 'selectProfilePicture', {
    ...SIGNED_IN_ROUTE,
    preload: ProfilePicturePage.preload,
    Component: () => <ProfilePicturePage renderTimelinePicker={renderTimelinePicker} />,
  }),
];
