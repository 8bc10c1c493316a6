import type { EncodingStatus } from '@nordlys/contract/file';

/** Where a movie's web encode stands: none (not a movie), then pending → processing → ready | failed. */
export type EncodeStatus = 'none' | 'pending' | 'processing' | 'ready' | 'failed';

/** How a stored encode state shows on the wire (a movie whose encode has not started is FETCHING). */
export const ENCODING_STATUS: Record<EncodeStatus, EncodingStatus> = {
  none: 'FETCHING',
  pending: 'FETCHING',
  processing: 'PROCESSING',
  ready: 'ENCODED',
  failed: 'ERROR',
};

export const encodingStatusOf = (status: EncodeStatus): EncodingStatus => ENCODING_STATUS[status];
