import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import { badRequest, DomainError, outOfStorage } from './errors';

export const tooLargeFile = () => new DomainError('PayloadTooLarge', 'TooLargeFile');
export const emptyFile = () => badRequest('empty file');

/**
 * core.md §5, server side, in the spec's order: (1) readable — the path check answers FileIsFolder;
 * (2) type — the server stores documents too, so nothing is refused here; (3) at most 200 GiB;
 * (4) within the remaining space. Called with the declared size before reading and again with
 * the real count as bytes arrive.
 */
export function checkUploadSize(size: number, remainingSpace: number): void {
  if (size > MAX_UPLOAD_BYTES) throw tooLargeFile();
  if (size > remainingSpace) throw outOfStorage();
}

export function remainingSpace(maxSpace: number, usedSpace: number): number {
  return Math.max(0, maxSpace - usedSpace);
}
