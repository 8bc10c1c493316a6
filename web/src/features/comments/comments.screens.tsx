import type { FileActionAccountHook } from '../../file-actions/file-action.types';
import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { ALBUM_ROUTE, routesOf, type ScreenRoute } from '../../routing/screen-route';
import type { ChangeFeedHook } from './comments-panel.component';

const CommentsPage = lazyPart(() =>
  withStrings(['comments'], import('./comments-page.component')).then((module) => module.CommentsPage),
);

const route = routesOf('comments');

/** What the comments need from other features. */
export interface CommentsScreenSlots {
  useAccount: FileActionAccountHook;
  /** Starts sign-in or registration, returning to this page. */
  useSignIn(): (create: boolean) => void;
  /** The album's remembered password (transformed), for a visitor of a password album. */
  passwordOf(albumId: string): string | null;
  useChangeFeed: ChangeFeedHook;
}

export const commentsScreens = (slots: CommentsScreenSlots): readonly ScreenRoute[] => {
  function Comments({ params }: { params: Readonly<Record<string, string | undefined>> }) {
    const account = slots.useAccount();
    const signIn = slots.useSignIn();
    return (
      <CommentsPage
        params={params}
        userId={account?.userId ?? null}
        password={slots.passwordOf}
        signIn={signIn}
        useChangeFeed={slots.useChangeFeed}
      />
    );
  }
  return [
    route('/comments/:albumIDB64/:fileID', 'comments', {
      ...ALBUM_ROUTE,
      preload: CommentsPage.preload,
      Component: ({ params }) => <Comments params={params} />,
    }),
  ];
};
