// A password album's transformed password, kept for the tab's session so the viewer and a reload
// open the album without asking again. Never the typed password.
const key = (albumId: string) => `nordlys.albumPassword.${albumId}`;

export function rememberedAlbumPassword(albumId: string): string | null {
  try {
    return sessionStorage.getItem(key(albumId));
  } catch {
    return null;
  }
}

export function rememberAlbumPassword(albumId: string, password: string | null): void {
  try {
    if (password) sessionStorage.setItem(key(albumId), password);
    else sessionStorage.removeItem(key(albumId));
  } catch {
    // Storage refused (private mode): the album asks again next time.
  }
}
