import type { Dispatch } from '@reduxjs/toolkit';
import { deleteAlbum, unsubscribeAlbum } from '../../api/albums.api';
import { isApiError } from '../../api/errors';
import { albumsPorts } from './albums.ports';

/**
 * core.md §4 "Album deletion" (awaiting user decision, awaiting server, server error) and leaving
 * an album, each with its retry toast (core.md §8). A refusal the user cannot change (Forbidden)
 * gets no retry.
 */
export type AlbumCommandOutcome = 'done' | 'cancelled' | 'failed';

interface Command {
  preset: 'deleteAlbum' | 'unsubscribeAlbum';
  failure: 'deleteAlbumFailed' | 'unsubscribeAlbumFailed';
  call: (albumId: string) => Promise<unknown>;
}

const DELETE: Command = { preset: 'deleteAlbum', failure: 'deleteAlbumFailed', call: deleteAlbum };
const LEAVE: Command = {
  preset: 'unsubscribeAlbum',
  failure: 'unsubscribeAlbumFailed',
  call: unsubscribeAlbum,
};

const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;

async function perform(command: Command, dispatch: Dispatch, albumId: string, onDone: () => void) {
  try {
    await command.call(albumId);
  } catch (error) {
    albumsPorts().showToast(dispatch, {
      type: command.failure,
      jobId: albumId,
      action: isForbidden(error)
        ? undefined
        : { label: 'retry', onClick: () => void perform(command, dispatch, albumId, onDone) },
    });
    return 'failed' as const;
  }
  onDone();
  return 'done' as const;
}

async function run(command: Command, dispatch: Dispatch, albumId: string, onDone: () => void) {
  if (!(await albumsPorts().confirm(dispatch, command.preset))) return 'cancelled' as const;
  return perform(command, dispatch, albumId, onDone);
}

/** Asks, deletes the album (it goes to the trash), then calls onDone; a failure offers a retry. */
export const deleteAlbumCommand = (dispatch: Dispatch, albumId: string, onDone: () => void) =>
  run(DELETE, dispatch, albumId, onDone);

/** Asks, leaves a shared album, then calls onDone; a failure offers a retry. */
export const leaveAlbumCommand = (dispatch: Dispatch, albumId: string, onDone: () => void) =>
  run(LEAVE, dispatch, albumId, onDone);
