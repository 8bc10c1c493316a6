import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import type { CarouselPageProps } from './carousel-page.component';

const CarouselPage = lazyPart(() =>
  withStrings(['carousel'], import('./carousel-page.component')).then((module) => module.CarouselPage),
);

const route = routesOf('carousel');

/** What the viewer needs from the account and the file menu. */
export interface CarouselScreenSlots {
  useAccount: FileActionAccountHook;
  renderMenu: CarouselPageProps['renderMenu'];
  useChangeFeed?: CarouselPageProps['useChangeFeed'];
  renderCast?: CarouselPageProps['renderCast'];
  renderEdit?: CarouselPageProps['renderEdit'];
}

function TimelineCarouselScreen({
  fileId,
  useAccount,
  renderMenu,
  useChangeFeed,
  renderCast,
  renderEdit,
}: CarouselScreenSlots & { fileId: string }) {
  return (
    <CarouselPage
      fileId={fileId}
      account={useAccount()}
      renderMenu={renderMenu}
      useChangeFeed={useChangeFeed}
      renderCast={renderCast}
      renderEdit={renderEdit}
    />
  );
}

export const carouselScreens = (slots: CarouselScreenSlots): readonly ScreenRoute[] => [
  route('/photos/:fileID', 'timelineCarousel', {
    ...SIGNED_IN_ROUTE,
    preload: CarouselPage.preload,
    Component: ({ params }) => <TimelineCarouselScreen fileId={params.fileID ?? ''} {...slots} />,
  }),
];
