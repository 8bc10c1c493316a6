/** An image for the CPU path: RGBA, non-premultiplied, channels 0..1 (see color.ts). */
export interface PixelImage {
  width: number;
  height: number;
  data: Float32Array;
}

export function createPixelImage(width: number, height: number): PixelImage {
  return { width, height, data: new Float32Array(width * height * 4) };
}

export function pixelImageFromBytes(bytes: ArrayLike<number>, width: number, height: number): PixelImage {
  const image = createPixelImage(width, height);
  for (let i = 0; i < image.data.length; i++) image.data[i] = bytes[i]! / 255;
  return image;
}

/** Rounds to 8 bits the way a GPU writes a normalised float to an RGBA8 target. */
export function pixelImageToBytes(
  image: PixelImage,
  into?: Uint8ClampedArray<ArrayBuffer>,
): Uint8ClampedArray<ArrayBuffer> {
  const out = into ?? new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < image.data.length; i++) out[i] = Math.round(image.data[i]! * 255);
  return out;
}
