import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import type { ReactNode } from 'react';
import type { AppDispatch } from '../../state/store';

/** A selection timeline (the timeline in picking mode), lent by the app. */
export interface SelectionTimelineProps {
  max?: number;
  /** Files selected when it opens. */
  initialSelection?: readonly string[];
  onLimitReached(): void;
  renderBar(selected: readonly TimelineFile[], clear: () => void): ReactNode;
  /** The empty timeline's local upload. */
  onUpload(): void;
}

/** Where a local upload from these screens goes: an album, or a draft that the first upload creates. */
export type AlbumUploadTarget =
  | { albumId: string }
  | { pendingAlbum: { pendingId: string; title: string; isShared: boolean } };

/** What the upload side knows of a draft's pending album (core.md §3 Pending album). */
export interface PendingAlbumView {
  albumId: string | null;
  pendingFiles: number;
  uploadedFiles: readonly string[];
}

export interface AlbumCreationSlots {
  useSignedIn(): boolean;
  renderSelectionTimeline(props: SelectionTimelineProps): ReactNode;
  openUpload(dispatch: AppDispatch, target: AlbumUploadTarget): void;
  usePendingAlbum(pendingId: string | null): PendingAlbumView | null;
  /** The draft was saved or dropped: its pending album's record goes. */
  forgetPendingAlbum(dispatch: AppDispatch, pendingId: string): void;
  /** The timeline-copy modal: may files uploaded only into the album also go to the timeline? */
  confirmTimelineCopy(dispatch: AppDispatch, count: number): Promise<boolean>;
  /** The 'max selection count reached' toast (one at a time). */
  maxSelectionReached(dispatch: AppDispatch): void;
}
