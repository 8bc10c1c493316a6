import type { ReactNode } from 'react';
import { TestFlagsPage } from '../features/flags/test-flags-page.component';
import { ErrorPage } from '../features/pages/error-page.component';
import { HelpPage } from '../features/pages/help-page.component';
import { NotFoundPage } from '../features/pages/not-found-page.component';
import { StartPage } from '../features/pages/start-page.component';
import { ACCOUNT_SCREENS } from './account-screens.component';
import { FILE_SCREENS } from './file-screens.component';
import type { ScreenId } from './route-table';
import { TimelineScreen } from './timeline-screen.component';

export interface ScreenProps {
  brandName: string;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * Built screens by id. A screen missing here renders the shared placeholder; a feature going
 * live adds one line.
 */
export const SCREENS: Partial<Record<ScreenId, (props: ScreenProps) => ReactNode>> = {
  start: ({ brandName }) => <StartPage brandName={brandName} />,
  help: ({ brandName }) => <HelpPage brandName={brandName} />,
  testFlags: () => <TestFlagsPage />,
  error: ({ params }) => <ErrorPage code={params.code} />,
  notFound: () => <NotFoundPage />,
  timeline: () => <TimelineScreen />,
  ...ACCOUNT_SCREENS,
  ...FILE_SCREENS,
};
