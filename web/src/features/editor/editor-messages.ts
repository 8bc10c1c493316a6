/** account.md §5 editor warnings: shown above the preview, the work goes on. */
export type EditorWarning = 'resized' | 'webglUnsupported' | 'slowRenderer' | 'legacyData';

/** account.md §8 editor errors that do not end the session (the image load failure is its own screen). */
export type EditorError =
  | 'renderError'
  | 'fontLoadFailed'
  | 'webcamUnavailable'
  | 'stickerLoadFailed'
  | 'unexpected';

/** What the renderer reported when it opened, as warnings. */
export function openingWarnings(opened: {
  warning: 'webglUnsupported' | 'slowRenderer' | null;
  resized: boolean;
}): EditorWarning[] {
  const warnings: EditorWarning[] = [];
  if (opened.resized) warnings.push('resized');
  if (opened.warning) warnings.push(opened.warning);
  return warnings;
}

/** "IMG_0001.HEIC" → "IMG_0001 (edited).jpg": the copy says what it is and keeps its original's name. */
export function editedFileName(
  original: string,
  template: (name: string) => string,
  type: 'image/jpeg' | 'image/png',
): string {
  const stem = original.replace(/\.[^./]*$/, '') || original;
  return `${template(stem)}.${type === 'image/png' ? 'png' : 'jpg'}`;
}

/** The copy's path: beside the original, in the same folder. */
export function editedFilePath(originalPath: string, fileName: string): string {
  const slash = originalPath.lastIndexOf('/');
  return slash < 0 ? fileName : `${originalPath.slice(0, slash + 1)}${fileName}`;
}

/** PNG keeps a transparent original's transparency; everything else becomes JPEG. */
export const exportTypeFor = (fileName: string): 'image/jpeg' | 'image/png' =>
  /\.(png|gif|webp)$/i.test(fileName) ? 'image/png' : 'image/jpeg';
