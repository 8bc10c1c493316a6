import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import { ProfilePicturePage, type ProfilePicturePageProps } from './profile-picture-page.component';

const route = routesOf('account');

export type AccountScreenSlots = Pick<ProfilePicturePageProps, 'renderTimelinePicker'>;

export const accountScreens = ({ renderTimelinePicker }: AccountScreenSlots): readonly ScreenRoute[] => [
  route('/selectProfilePicture', 'selectProfilePicture', {
    ...SIGNED_IN_ROUTE,
    Component: () => <ProfilePicturePage renderTimelinePicker={renderTimelinePicker} />,
  }),
];
