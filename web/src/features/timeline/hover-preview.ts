/** core.md §7: the low-quality video preview is the first 5,000,000 bytes of the preview file. */
export const PREVIEW_BYTES = 5_000_000;
export const HOVER_PREVIEW_MS = 300;
export const DATE_TOOLTIP_MS = 1000;
export const LONG_PRESS_MS = 500;

/** Fetches the head of a video with a Range request and returns a Blob URL (revoke it when done). */
export async function loadPreviewHead(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { headers: { Range: `bytes=0-${PREVIEW_BYTES - 1}` }, signal });
  if (!response.ok) throw new Error(`preview ${response.status}`);
  const blob = await response.blob();
  const head = blob.size > PREVIEW_BYTES ? blob.slice(0, PREVIEW_BYTES, blob.type) : blob;
  return URL.createObjectURL(head);
}
