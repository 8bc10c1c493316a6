import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import type { EditorScreenProps } from './editor-screen.component';

// The editor, its renderer and its strings are fetched when a picture is first opened in it.
const EditorScreen = lazyPart(() =>
  withStrings(['editor'], import('./editor-screen.component')).then((module) => module.EditorScreen),
);

// The screen's name is read before the editor's own strings arrive, so it lives with the edit action's.
const route = routesOf('editor', 'fileMenu');

export type EditorScreenSlots = Pick<EditorScreenProps, 'saveCopy' | 'renderTimelinePicker'>;

/** The address of the editor over one file of a job. */
export const editorPath = (jobId: string, fileId: string): string =>
  `/edit/${encodeURIComponent(jobId)}/${encodeURIComponent(fileId)}`;

export const editorScreens = (slots: EditorScreenSlots): readonly ScreenRoute[] => [
  route('/edit/:jobID/:fileID', 'photoEditor', {
    ...SIGNED_IN_ROUTE,
    hideFooter: true,
    preload: EditorScreen.preload,
    Component: ({ params }) => (
      <EditorScreen jobId={params.jobID ?? ''} fileId={params.fileID ?? ''} {...slots} />
    ),
  }),
];
