import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { selectAccount } from '../features/account/account.slice';
import { CarouselPage } from '../features/carousel/carousel-page.component';
import { DocumentsPage } from '../features/documents/documents-page.component';
import { FileMenu } from '../features/file-menu/file-menu.component';
import type { FileActionAccount } from '../file-actions/file-action.types';
import type { ScreenProps } from './screen-registry';

/** The signed-in account as the file actions see it. */
function useFileActionAccount(): FileActionAccount | null {
  const account = useSelector(selectAccount);
  const userId = account?.uuid;
  const isReadOnly = account?.is_read_only_user === true;
  return useMemo(() => (userId ? { userId, isReadOnly } : null), [userId, isReadOnly]);
}

function TimelineCarouselScreen({ fileId }: { fileId: string }) {
  const account = useFileActionAccount();
  return (
    <CarouselPage
      fileId={fileId}
      account={account}
      // The viewer has its own delete button; the menu carries the rest.
      renderMenu={(context) => (
        <FileMenu context={context} exclude={['DELETE']} className="carousel__button" />
      )}
    />
  );
}

function DocumentsScreen() {
  return <DocumentsPage account={useFileActionAccount()} />;
}

/** Screens of the viewer and the documents page, composed with the file menu and the account. */
export const FILE_SCREENS = {
  timelineCarousel: ({ params }: ScreenProps) => <TimelineCarouselScreen fileId={params.fileID ?? ''} />,
  documents: () => <DocumentsScreen />,
};
