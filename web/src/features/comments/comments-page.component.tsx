import { albumIdFromEither, albumIdToB64 } from '@nordlys/contract/album-id';
import { useNavigate } from 'react-router';
import { type ChangeFeedHook, CommentsPanel } from './comments-panel.component';

export interface CommentsPageProps {
  params: Readonly<Record<string, string | undefined>>;
  userId: string | null;
  password: (albumId: string) => string | null;
  signIn(create: boolean): void;
  useChangeFeed: ChangeFeedHook;
}

/** core.md §2 /comments/{albumIDB64}/{fileID}: the file's comments on a page of their own. */
export function CommentsPage({ params, userId, password, signIn, useChangeFeed }: CommentsPageProps) {
  const navigate = useNavigate();
  const albumId = albumIdFromEither(params.albumIDB64 ?? '') ?? '';
  const fileId = params.fileID ?? '';
  const close = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(`/carousel/${albumIdToB64(albumId)}/${encodeURIComponent(fileId)}`);
  };
  return (
    <CommentsPanel
      key={`${albumId}/${fileId}/${userId ?? ''}`}
      variant="page"
      albumId={albumId}
      fileId={fileId}
      userId={userId}
      password={password(albumId)}
      onClose={close}
      signIn={signIn}
      useChangeFeed={useChangeFeed}
    />
  );
}
