import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import { CarouselPage, type CarouselPageProps } from './carousel-page.component';

const route = routesOf('carousel');

/** What the viewer needs from the account and the file menu. */
export interface CarouselScreenSlots {
  useAccount: FileActionAccountHook;
  renderMenu: CarouselPageProps['renderMenu'];
}

function TimelineCarouselScreen({
  fileId,
  useAccount,
  renderMenu,
}: CarouselScreenSlots & { fileId: string }) {
  return <CarouselPage fileId={fileId} account={useAccount()} renderMenu={renderMenu} />;
}

export const carouselScreens = (slots: CarouselScreenSlots): readonly ScreenRoute[] => [
  route('/photos/:fileID', 'timelineCarousel', {
    ...SIGNED_IN_ROUTE,
    Component: ({ params }) => <TimelineCarouselScreen fileId={params.fileID ?? ''} {...slots} />,
  }),
];
