import { PUBLIC_JOB_AUTH_FAILED } from '@nordlys/contract/album';

/** core.md §4 share fetch statuses: the album's set without PASSWORD_PROVIDED and RECENTLY_DELETED. */
export type ShareFetchStatus =
  | 'NOT_STARTED'
  | 'PENDING'
  | 'NOT_FOUND'
  | 'PASSWORD_REQUIRED'
  | 'LOGIN_REQUIRED'
  | 'FETCHED'
  | 'PARTIALLY_FETCHED'
  | 'FETCH_FAILED';

const AUTH_STATUSES = new Set([400, 401, 403]);
const NO_ACCESS = 'User does not have access to secured job';

/** core.md §4: where a failed share fetch leads. */
export function shareStatusForFailure(
  failure: { status: number | null; reason?: string },
  signedIn: boolean,
): ShareFetchStatus {
  const { status, reason = '' } = failure;
  if (status !== null && AUTH_STATUSES.has(status) && reason.includes(PUBLIC_JOB_AUTH_FAILED)) {
    return 'PASSWORD_REQUIRED';
  }
  if (reason.includes(NO_ACCESS)) return signedIn ? 'NOT_FOUND' : 'LOGIN_REQUIRED';
  if (status !== null && (AUTH_STATUSES.has(status) || status === 404)) return 'NOT_FOUND';
  return 'FETCH_FAILED';
}

/** The header's wording: one or many files, and the owner's own share. */
export function headerKey(count: number, isOwner: boolean): string {
  const many = count === 1 ? 'one' : 'many';
  return isOwner ? `header.own_${many}` : `header.other_${many}`;
}

/** core.md §2: the grid is centred with 4 files or fewer; cells narrower than 200 px get small thumbnails. */
export const gridIsCentred = (count: number) => count <= 4;
export const wantsSmallThumbs = (cellWidth: number) => cellWidth < 200;

/** The thumbnail a grid cell of this width shows; the other size stands in when one is missing. */
export function thumbFor(
  file: { thumbURLSmall: string | null; thumbURLLarge: string | null },
  cellWidth: number,
): string | null {
  return wantsSmallThumbs(cellWidth)
    ? (file.thumbURLSmall ?? file.thumbURLLarge)
    : (file.thumbURLLarge ?? file.thumbURLSmall);
}

/** Add to timeline is shown unless the visitor is signed in read-only. */
export const showAddToTimeline = (account: { isReadOnly: boolean } | null) =>
  account === null || !account.isReadOnly;
