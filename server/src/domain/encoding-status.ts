import type { EncodingStatus } from '@nordlys/contract/file';
import type { EncodeStatus } from '../store/schema';

/** How a stored encode state shows on the wire (a movie whose encode has not started is FETCHING). */
export const ENCODING_STATUS: Record<EncodeStatus, EncodingStatus> = {
  none: 'FETCHING',
  pending: 'FETCHING',
  processing: 'PROCESSING',
  ready: 'ENCODED',
  failed: 'ERROR',
};

export const encodingStatusOf = (status: EncodeStatus): EncodingStatus => ENCODING_STATUS[status];
