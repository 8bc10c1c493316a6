import { Suspense, useCallback } from 'react';
import { useFileActionAccount } from '../features/account/use-file-action-account';
import { rememberedAlbumPassword } from '../features/albums/album-password.storage';
import type { GuestPromptProps } from '../features/auth/login-gates';
import { useStartLogin } from '../features/auth/use-start-login';
import type { CommentedFile } from '../features/comments/comment-subject.component';
import type { CommentsScreenSlots } from '../features/comments/comments.screens';
import { useJobSync } from '../features/job-sync/use-job-sync';
import { withStrings } from '../i18n/i18n';
import { lazyPart } from '../routing/lazy-part';

const CommentsPanel = lazyPart(() =>
  withStrings(['comments'], import('../features/comments/comments-panel.component')).then(
    (module) => module.CommentsPanel,
  ),
);
const NamePrompt = lazyPart(() =>
  withStrings(['comments'], import('../features/comments/name-prompt.component')).then(
    (module) => module.NamePrompt,
  ),
);
const GuestName = lazyPart(() =>
  withStrings(['comments'], import('../features/comments/guest-name.component')).then(
    (module) => module.GuestName,
  ),
);

function useCommentsSignIn(): (create: boolean) => void {
  const { start } = useStartLogin();
  return useCallback((create: boolean) => void start(create ? { create: true } : {}), [start]);
}

/** The comments get the account, sign-in, the album password and the change feed from their features. */
export const commentsSlots: CommentsScreenSlots = {
  useAccount: useFileActionAccount,
  useSignIn: useCommentsSignIn,
  passwordOf: rememberedAlbumPassword,
  useChangeFeed: useJobSync,
};

/** The comments side panel in an album's viewer. */
export function AlbumCommentsPanel({
  albumId,
  file,
  onClose,
}: {
  albumId: string;
  file: CommentedFile;
  onClose(): void;
}) {
  const fileId = file.fileID;
  const account = useFileActionAccount();
  const signIn = useCommentsSignIn();
  return (
    <Suspense fallback={null}>
      <CommentsPanel
        key={`${fileId}/${account?.userId ?? ''}`}
        variant="panel"
        albumId={albumId}
        fileId={fileId}
        file={file}
        userId={account?.userId ?? null}
        password={rememberedAlbumPassword(albumId)}
        onClose={onClose}
        signIn={signIn}
        useChangeFeed={useJobSync}
      />
    </Suspense>
  );
}

/** A signed-out visitor's name on a shared album's page (the name prompt's albumSettings context). */
export function AlbumVisitorName({ albumId, password }: { albumId: string; password: string | null }) {
  const signIn = useCommentsSignIn();
  return (
    <Suspense fallback={null}>
      <GuestName albumId={albumId} password={password} signIn={signIn} />
    </Suspense>
  );
}

/** The name prompt a signed-out guest answers before creating an album (its albumCreation context). */
export function AlbumCreationNamePrompt({
  onCancel,
  onSignIn,
  leaving,
  open = true,
}: GuestPromptProps & { open?: boolean }) {
  return (
    <Suspense fallback={null}>
      <NamePrompt
        open={open}
        context="albumCreation"
        onClose={onCancel}
        onSignIn={onSignIn}
        leaving={leaving}
      />
    </Suspense>
  );
}
