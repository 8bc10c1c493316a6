import { createPixelImage, type PixelImage } from '../pixel-image';

/**
 * A separable Gaussian with at most MAX_TAPS taps per direction. Wide blurs sample every k-th pixel
 * (offsets round(j * R / N)) so a 12 MP export costs the same number of taps as the preview; the
 * offsets and normalised weights are computed once here and handed to both paths as they are.
 */
export const MAX_TAPS = 25;
const HALF = (MAX_TAPS - 1) / 2;

export interface BlurKernel {
  taps: number;
  offsets: Int32Array;
  weights: Float32Array;
}

export function blurKernel(sigmaPx: number): BlurKernel | null {
  if (!(sigmaPx >= 0.5)) return null;
  const radius = Math.ceil(3 * sigmaPx);
  const half = Math.min(radius, HALF);
  const offsets = new Int32Array(MAX_TAPS);
  const weights = new Float32Array(MAX_TAPS);
  let sum = 0;
  for (let j = -half; j <= half; j++) {
    const o = Math.round((j * radius) / half);
    const w = Math.exp(-(o * o) / (2 * sigmaPx * sigmaPx));
    offsets[j + half] = o;
    weights[j + half] = w;
    sum += w;
  }
  for (let k = 0; k < 2 * half + 1; k++) weights[k] = weights[k]! / sum;
  return { taps: 2 * half + 1, offsets, weights };
}

function blurPass(src: PixelImage, kernel: BlurKernel, horizontal: boolean): PixelImage {
  const { width, height } = src;
  const out = createPixelImage(width, height);
  const s = src.data;
  const d = out.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < kernel.taps; k++) {
        const o = kernel.offsets[k]!;
        const w = kernel.weights[k]!;
        const qx = horizontal ? Math.min(Math.max(x + o, 0), width - 1) : x;
        const qy = horizontal ? y : Math.min(Math.max(y + o, 0), height - 1);
        const q = (qy * width + qx) * 4;
        r += s[q]! * w;
        g += s[q + 1]! * w;
        b += s[q + 2]! * w;
        a += s[q + 3]! * w;
      }
      const p = (y * width + x) * 4;
      d[p] = r;
      d[p + 1] = g;
      d[p + 2] = b;
      d[p + 3] = a;
    }
  }
  return out;
}

/** Horizontal pass, then vertical; edges repeat the border pixel. */
export function blurPixels(src: PixelImage, kernel: BlurKernel): PixelImage {
  return blurPass(blurPass(src, kernel, true), kernel, false);
}

/**
 * Fragment shader for one direction of the blur (u_dir is (1,0) or (0,1)), made for one tap count:
 * a loop of constant length unrolls to constant indices, which software rasterisers need to be quick.
 */
export const glslBlurFragment = (taps: number) => /* glsl */ `#version 300 es
precision highp float;
precision highp int;
uniform sampler2D u_image;
uniform ivec2 u_dir;
uniform int u_offsets[${taps}];
uniform float u_weights[${taps}];
out vec4 outColor;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 last = textureSize(u_image, 0) - 1;
  vec4 sum = vec4(0.0);
  for (int k = 0; k < ${taps}; k++) {
    sum += texelFetch(u_image, clamp(p + u_dir * u_offsets[k], ivec2(0), last), 0) * u_weights[k];
  }
  outColor = sum;
}
`;
