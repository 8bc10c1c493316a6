/**
 * The browser effects the download, export and clipboard actions need, behind one replaceable
 * object so the actions stay testable without a real DOM download or clipboard.
 */
export interface BrowserTransfer {
  /** Saves the URL's bytes as a file named `fileName` (same-origin URL, so `download` applies). */
  download(url: string, fileName: string): void;
  /**
   * Puts the image at `url` on the clipboard as PNG. Must be called inside the user's gesture:
   * the clipboard write starts at once and the PNG arrives as a promise.
   */
  copyImage(url: string): Promise<void>;
  /** Waits between sequential downloads so the browser does not drop any. */
  pause(ms: number): Promise<void>;
}

function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

async function toPng(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`image fetch failed: ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

async function copyImage(url: string): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) {
    throw new Error('clipboard images unsupported');
  }
  // Safari needs the write to begin in the gesture; the item's data may still be pending.
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': toPng(url) })]);
}

const domTransfer: BrowserTransfer = {
  download,
  copyImage,
  pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

let current: BrowserTransfer = domTransfer;

export const browserTransfer = (): BrowserTransfer => current;

/** Tests replace the effects; null restores the browser's. */
export function setBrowserTransfer(next: BrowserTransfer | null): void {
  current = next ?? domTransfer;
}
