/** The creation routes of core.md §2, built in one place. */
export const addPhotosPath = (albumIDB64: string) => `/albums/${albumIDB64}/edit/addPhotos`;
export const editAlbumPath = (albumIDB64: string, goToAfter: string) =>
  `/albums/${albumIDB64}/edit/${encodeURIComponent(goToAfter)}`;
export const albumPath = (albumIDB64: string) => `/albums/${albumIDB64}`;
