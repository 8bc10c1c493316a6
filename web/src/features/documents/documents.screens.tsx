import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import { DocumentsPage } from './documents-page.component';

const route = routesOf('documents');

/** What the documents page needs from the account. */
export interface DocumentsScreenSlots {
  useAccount: FileActionAccountHook;
}

function DocumentsScreen({ useAccount }: DocumentsScreenSlots) {
  return <DocumentsPage account={useAccount()} />;
}

export const documentsScreens = (slots: DocumentsScreenSlots): readonly ScreenRoute[] => [
  route('/documents', 'documents', { ...SIGNED_IN_ROUTE, Component: () => <DocumentsScreen {...slots} /> }),
];
