import type { Dispatch } from '@reduxjs/toolkit';
import { outcomeOf } from './bulk-call';
import { reportFailed } from './download.action';
import { fileActionPorts } from './file-action.ports';
import type { FileActionFile, FileActionOutcome } from './file-action.types';

export interface AlbumToDownload {
  id: string;
  title: string;
  /** A password album's transformed password, for a visitor who is not a member. */
  password: string | null;
}

/** Anyone who sees an album's files may download them; an empty album has nothing to download. */
export const canDownloadAlbum = (files: readonly FileActionFile[]) => files.length > 0;

/**
 * Downloads a whole album (core.md §2 album page, §5): one ZIP named after the album when it fits
 * the limits, else the album limit alert and the downloader with the parts. Files whose archive
 * could not be made are reported (core.md §8 filesDownloadFailed).
 */
export async function downloadAlbum(
  dispatch: Dispatch,
  album: AlbumToDownload,
  files: readonly FileActionFile[],
): Promise<FileActionOutcome> {
  const archives = fileActionPorts().downloadArchives;
  if (!archives || !canDownloadAlbum(files)) return 'cancelled';
  const done = await archives(dispatch, {
    from: { jobId: album.id },
    files,
    kind: 'album',
    title: album.title,
    password: album.password,
  });
  reportFailed(dispatch, done.failedIds);
  return outcomeOf(done.okIds.length, done.failedIds.length);
}
