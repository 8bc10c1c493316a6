import type { Album, AlbumFileSort, AlbumUser, PrivacyModeChange } from '@nordlys/contract/album';
import type { PublishRequest } from '@nordlys/contract/share';
import { createAlbum, keepAlbumFiles, type NewAlbum } from '../api/album-files.api';
import {
  type AlbumAccess,
  fetchAlbum,
  fetchAlbumFiles,
  fetchAlbums,
  fetchAlbumUsers,
  publishAlbum,
  renameAlbum,
  setAlbumPassword,
  setAlbumPermission,
  setAlbumPrivacy,
  setAlbumSortOrder,
} from '../api/albums.api';
import { reading, serverCache, through } from './server-cache.api';

/** One album as read by a caller; the password (already transformed) opens a protected album. */
export interface AlbumKey {
  albumId: string;
  password?: string | null;
}

const access = ({ password }: AlbumKey): AlbumAccess => ({ password });

/** Every write to an album's settings changes the album and how it shows in the list. */
const albumChanged = (_result: unknown, _error: unknown, { albumId }: { albumId: string }) => [
  { type: 'Album' as const, id: albumId },
  'AlbumList' as const,
];

export const albumsCache = serverCache.injectEndpoints({
  endpoints: (build) => ({
    albums: build.query<Album[], void>({
      queryFn: reading((signal) => fetchAlbums(signal)),
      providesTags: ['AlbumList'],
    }),
    album: build.query<Album, AlbumKey>({
      queryFn: through((key: AlbumKey, signal) => fetchAlbum(key.albumId, access(key), signal)),
      providesTags: (_result, _error, { albumId }) => [{ type: 'Album', id: albumId }],
    }),
    albumUsers: build.query<AlbumUser[], AlbumKey>({
      queryFn: through((key: AlbumKey, signal) => fetchAlbumUsers(key.albumId, access(key), signal)),
      providesTags: (_result, _error, { albumId }) => [{ type: 'AlbumUsers', id: albumId }],
    }),
    albumFiles: build.query<Awaited<ReturnType<typeof fetchAlbumFiles>>, AlbumKey>({
      queryFn: through((key: AlbumKey, signal) => fetchAlbumFiles(key.albumId, access(key), signal)),
      providesTags: (_result, _error, { albumId }) => [{ type: 'AlbumFiles', id: albumId }],
    }),
    createAlbum: build.mutation<Album, NewAlbum>({
      queryFn: through((album: NewAlbum) => createAlbum(album)),
      invalidatesTags: ['AlbumList'],
    }),
    keepAlbumFiles: build.mutation<unknown, { albumId: string; fileIds: readonly string[] }>({
      queryFn: through(({ albumId, fileIds }: { albumId: string; fileIds: readonly string[] }) =>
        keepAlbumFiles(albumId, fileIds),
      ),
    }),
    renameAlbum: build.mutation<Album, { albumId: string; name: string }>({
      queryFn: through(({ albumId, name }: { albumId: string; name: string }) => renameAlbum(albumId, name)),
      invalidatesTags: albumChanged,
    }),
    setAlbumPrivacy: build.mutation<Album, { albumId: string; mode: PrivacyModeChange }>({
      queryFn: through(({ albumId, mode }: { albumId: string; mode: PrivacyModeChange }) =>
        setAlbumPrivacy(albumId, mode),
      ),
      invalidatesTags: albumChanged,
    }),
    setAlbumPassword: build.mutation<Album, { albumId: string; password: string }>({
      queryFn: through(({ albumId, password }: { albumId: string; password: string }) =>
        setAlbumPassword(albumId, password),
      ),
      invalidatesTags: albumChanged,
    }),
    setAlbumPermission: build.mutation<
      Album,
      { albumId: string; permission: 'allow_comments' | 'allow_uploads'; allowed: boolean }
    >({
      queryFn: through(
        ({
          albumId,
          permission,
          allowed,
        }: {
          albumId: string;
          permission: 'allow_comments' | 'allow_uploads';
          allowed: boolean;
        }) => setAlbumPermission(albumId, permission, allowed),
      ),
      invalidatesTags: albumChanged,
    }),
    setAlbumSortOrder: build.mutation<unknown, { albumId: string; value: AlbumFileSort }>({
      queryFn: through(({ albumId, value }: { albumId: string; value: AlbumFileSort }) =>
        setAlbumSortOrder(albumId, value),
      ),
    }),
    publishAlbum: build.mutation<string, { albumId: string; request: PublishRequest }>({
      queryFn: through(({ albumId, request }: { albumId: string; request: PublishRequest }) =>
        publishAlbum(albumId, request),
      ),
    }),
  }),
});

export const {
  useAlbumsQuery,
  useAlbumQuery,
  useAlbumUsersQuery,
  useAlbumFilesQuery,
  useCreateAlbumMutation,
  useKeepAlbumFilesMutation,
  useRenameAlbumMutation,
  useSetAlbumPrivacyMutation,
  useSetAlbumPasswordMutation,
  useSetAlbumPermissionMutation,
  useSetAlbumSortOrderMutation,
  usePublishAlbumMutation,
} = albumsCache;
