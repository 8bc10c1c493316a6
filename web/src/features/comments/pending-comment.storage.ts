// A comment or love made while signed out, held for the tab across the sign-in redirect and
// replayed on the file's comments once a session exists (core.md §4).
const KEY = 'nordlys:pending-comment';

export interface PendingComment {
  albumId: string;
  fileId: string;
  kind: 'comment' | 'love';
  text?: string;
}

export function holdPendingComment(pending: PendingComment): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage refused: nothing is replayed.
  }
}

/** The held entry for this file, removed as it is taken (a failed replay is not retried). */
export function takePendingComment(albumId: string, fileId: string): PendingComment | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as PendingComment;
    if (pending.albumId !== albumId || pending.fileId !== fileId) return null;
    sessionStorage.removeItem(KEY);
    return pending;
  } catch {
    return null;
  }
}

const guestKey = (albumId: string) => `nordlys.guestToken.${albumId}`;

export function rememberedGuest(albumId: string): { token: string; name: string; id: string } | null {
  try {
    const raw = sessionStorage.getItem(guestKey(albumId));
    return raw ? (JSON.parse(raw) as { token: string; name: string; id: string }) : null;
  } catch {
    return null;
  }
}

export function rememberGuest(albumId: string, guest: { token: string; name: string; id: string }): void {
  try {
    sessionStorage.setItem(guestKey(albumId), JSON.stringify(guest));
  } catch {
    // Storage refused: the name is asked again next time.
  }
}
