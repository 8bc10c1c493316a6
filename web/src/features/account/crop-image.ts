/** account.md §5: the profile picture crop is circular, 310x310. */
export const PROFILE_CROP_SIZE = 310;
/** account.md §5: a pinch counts as zoom only after the fingers moved this far apart or together. */
export const PINCH_THRESHOLD_PX = 20;

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether a two-finger gesture has moved enough to be a zoom rather than a shaky tap or pan. */
export const pinchExceedsThreshold = (startDistance: number, distance: number): boolean =>
  Math.abs(distance - startDistance) >= PINCH_THRESHOLD_PX;

export const touchDistance = (
  a: { clientX: number; clientY: number },
  b: { clientX: number; clientY: number },
) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });
}

/** Renders the chosen area to a square JPEG of the crop size; the server re-encodes it anyway. */
export async function cropToJpeg(src: string, area: PixelArea, size = PROFILE_CROP_SIZE): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Encoding failed'))), 'image/jpeg', 0.9);
  });
}
