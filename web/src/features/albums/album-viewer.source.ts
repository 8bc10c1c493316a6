import { ALBUM_PASSWORD_HEADER, type AlbumFileSort } from '@nordlys/contract/album';
import type { FileRecord } from '@nordlys/contract/file';
import { CHANGE_FILE_REMOVED } from '@nordlys/contract/job-changes';
import { fetchAlbumFilesAt } from '../../api/albums.api';
import { fetchAlbumChanges } from '../../api/comments.api';
import { ApiError } from '../../api/errors';
import { sortAlbumFiles } from './album-files-sort';

/**
 * Where the album viewer's files come from: the whole album in its sort order (the viewer's
 * `before` and `after` of a file are its neighbours in that order). Shaped as the carousel's
 * source port, which app/ hands it to.
 */
export interface AlbumViewerSource {
  load(
    fileId: string,
    signal?: AbortSignal,
  ): Promise<{ file: FileRecord; before: FileRecord[]; after: FileRecord[]; serial: number | null }>;
  more(edge: FileRecord, direction: 'next' | 'previous', signal?: AbortSignal): Promise<FileRecord[]>;
  refresh(file: FileRecord, signal?: AbortSignal): Promise<FileRecord>;
  removedSince(
    serial: number,
    signal?: AbortSignal,
  ): Promise<{ serial: number; removed: string[]; changes: number }>;
  feed: { jobId: string; headers?: Record<string, string> };
}

export function albumViewerSource(
  albumId: string,
  sort: AlbumFileSort,
  password: string | null,
): AlbumViewerSource {
  const readAt = async (signal?: AbortSignal) => {
    const { files, serial } = await fetchAlbumFilesAt(albumId, { password }, signal);
    return { files: sortAlbumFiles(files, sort), serial };
  };
  const read = async (signal?: AbortSignal) => (await readAt(signal)).files;
  return {
    async load(fileId, signal) {
      const { files, serial } = await readAt(signal);
      const index = files.findIndex((file) => file.fileID === fileId);
      // Answered as the server answers a file it does not have, so the viewer shows its not-found view.
      if (index < 0)
        throw new ApiError({ status: 404, statusText: 'Not Found', body: undefined, url: fileId });
      return { file: files[index]!, before: files.slice(0, index), after: files.slice(index + 1), serial };
    },
    // load answers the whole album: nothing lies beyond either end.
    more: async () => [],
    async refresh(file, signal) {
      return (await read(signal)).find((entry) => entry.fileID === file.fileID) ?? file;
    },
    async removedSince(serial, signal) {
      const feed = await fetchAlbumChanges(albumId, serial, { password, guestToken: null }, signal);
      const removed = feed.changes.filter((change) => change.type === CHANGE_FILE_REMOVED);
      return {
        serial: feed.serial,
        removed: removed.map((change) => change.id),
        changes: feed.changes.length,
      };
    },
    feed: { jobId: albumId, headers: password ? { [ALBUM_PASSWORD_HEADER]: password } : undefined },
  };
}
