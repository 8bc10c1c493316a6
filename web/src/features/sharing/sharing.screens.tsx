import { useParams } from 'react-router';
import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute } from '../../routing/screen-route';
import type { ShareToast } from './share-receiver-page.component';

const ShareReceiverPage = lazyPart(() =>
  withStrings(['sharing'], import('./share-receiver-page.component')).then(
    (module) => module.ShareReceiverPage,
  ),
);

const route = routesOf('sharing');

/** What the share receiver needs from the app: the account and the toasts. */
export interface SharingScreenSlots {
  useAccount: FileActionAccountHook;
  useNotify: () => (type: ShareToast) => void;
  useDefaultStorageGib: () => number;
  /** Opens the Subscription overlay for a copy held for want of one. */
  openSubscription?: () => void;
}

function ShareReceiverScreen({
  useAccount,
  useNotify,
  useDefaultStorageGib,
  openSubscription,
}: SharingScreenSlots) {
  const { shareID = '' } = useParams();
  return (
    <ShareReceiverPage
      key={shareID}
      shareId={shareID}
      account={useAccount()}
      notify={useNotify()}
      storageGib={useDefaultStorageGib()}
      onSubscribe={openSubscription}
    />
  );
}

/** core.md §2 /share/{shareID}. */
export const sharingScreens = (slots: SharingScreenSlots): readonly ScreenRoute[] => [
  route('/share/:shareID', 'shareReceiver', {
    preload: ShareReceiverPage.preload,
    Component: () => <ShareReceiverScreen {...slots} />,
  }),
];
