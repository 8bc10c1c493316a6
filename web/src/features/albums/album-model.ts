import type { AlbumFileSort } from '@nordlys/contract/album';
import { type Album, type CurrentUserCan, DEFAULT_VIEW_MODE } from '@nordlys/contract/album';
import { albumFileSortOf } from './album-files-sort';
import type { ListedAlbum } from './albums-list';

/** An album as the screens show it (core.md §3 Album, with its defaults applied). Pure. */
export interface AlbumView extends ListedAlbum {
  /** The name as stored; empty for an unnamed album (the screens show the placeholder). */
  name: string;
  ownerId: string;
  ownerName: string;
  coverUrl: string | null;
  coverLargeUrl: string | null;
  mediaCount: number;
  commentCount: number;
  reactionCount: number;
  participantCount: number;
  passwordProtected: boolean;
  allowComments: boolean;
  allowUploads: boolean;
  sortOrder: AlbumFileSort;
  viewMode: string;
  role: Album['role'];
  rights: CurrentUserCan;
  /** The change serial the album was read at: its change feed starts there. */
  lastSerial: number;
}

export function toAlbumView(album: Album): AlbumView {
  const name = album.name.trim();
  return {
    id: album.id,
    name,
    title: name,
    isShared: album.isShared,
    ctime: album.ctime,
    lastUpdate: album.last_update || album.mtime,
    ownerId: album.owner.uuid,
    ownerName: album.owner.name || album.owner.email || '',
    coverUrl: album.cover?.thumbURLTile ?? album.cover?.thumbURLSmall ?? null,
    coverLargeUrl: album.cover?.thumbURLLarge ?? album.cover?.thumbURLSmall ?? null,
    mediaCount: album.media_count,
    commentCount: album.comment_count,
    reactionCount: album.reaction_count,
    participantCount: album.isShared ? (album.participant_count ?? 0) : 0,
    passwordProtected: album.password_protected,
    allowComments: album.allow_comments,
    allowUploads: album.allow_uploads,
    sortOrder: albumFileSortOf(album.attributes.sort_order),
    viewMode: album.viewMode || DEFAULT_VIEW_MODE,
    role: album.role,
    rights: album.currentUserCan,
    lastSerial: album.last_serial,
  };
}
