import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';

const DocumentsPage = lazyPart(() =>
  withStrings(['documents'], import('./documents-page.component')).then((module) => module.DocumentsPage),
);

const route = routesOf('documents');

/** What the documents page needs from the account. */
export interface DocumentsScreenSlots {
  useAccount: FileActionAccountHook;
}

function DocumentsScreen({ useAccount }: DocumentsScreenSlots) {
  return <DocumentsPage account={useAccount()} />;
}

export const documentsScreens = (slots: DocumentsScreenSlots): readonly ScreenRoute[] => [
  route('/documents', 'documents', {
    ...SIGNED_IN_ROUTE,
    preload: DocumentsPage.preload,
    Component: () => <DocumentsScreen {...slots} />,
  }),
];
