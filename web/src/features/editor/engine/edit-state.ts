// The editor's whole state: a plain, serialisable value. Every step is a new EditState, so undo and
// redo are a list of these, and the same value drives the live preview and the full-size export.

export const ADJUSTMENTS = [
  'brightness',
  'saturation',
  'contrast',
  'gamma',
  'sharpness',
  'clarity',
  'exposure',
  'shadows',
  'highlights',
  'whites',
  'blacks',
  'temperature',
] as const;
export type AdjustmentName = (typeof ADJUSTMENTS)[number];
/** Each adjustment runs from -1 to 1; 0 leaves the photo as it is. */
export type Adjustments = Record<AdjustmentName, number>;

export const BLEND_MODES = [
  'normal',
  'overlay',
  'hardLight',
  'softLight',
  'multiply',
  'darken',
  'lighten',
  'screen',
  'colorBurn',
] as const;
export type BlendMode = (typeof BLEND_MODES)[number];

export const FOCUS_TYPES = ['radial', 'mirrored', 'linear', 'gaussian'] as const;
export type FocusType = (typeof FOCUS_TYPES)[number];

/**
 * The centre is in fractions of the cropped image's width and height; size and fade are fractions of
 * its shorter side (so a radial focus stays round). Both survive a resolution change.
 */
export interface Focus {
  type: FocusType;
  /** Centre of the sharp area. */
  x: number;
  y: number;
  /** Radius of the sharp area (radial), half-height of the sharp band (mirrored), or the sharp side's offset from the centre line (linear). */
  size: number;
  /** Width of the fade between sharp and blurred. */
  fade: number;
  /** Direction of the band for mirrored and linear, in degrees clockwise from horizontal. */
  angle: number;
  /** Blur strength 0..1. */
  blur: number;
}

export interface Filter {
  id: string;
  /** 0..1: how much of the look is applied. */
  intensity: number;
}

export interface Overlay {
  /** An image from the overlay library or one the user picked, as a URL the renderer can load. */
  src: string;
  blend: BlendMode;
  /** 0..1 */
  opacity: number;
}

/** Crop rectangle in fractions of the rotated, flipped, straightened source (0..1). */
export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Transform {
  crop: CropRect;
  /** Quarter turns clockwise. */
  rotation: 0 | 90 | 180 | 270;
  /** Fine straighten, degrees, -45..45. */
  straighten: number;
  flipH: boolean;
  flipV: boolean;
  /** Output size in pixels; null keeps the crop's own size. */
  resolution: { width: number; height: number } | null;
}

interface LayerBase {
  id: string;
  /** Centre, in fractions of the cropped image. */
  x: number;
  y: number;
  /** Scale relative to the layer's natural size as a fraction of the cropped image's width. */
  scale: number;
  /** Degrees. */
  rotation: number;
}
export interface StickerLayer extends LayerBase {
  kind: 'sticker';
  stickerId: string;
}
export interface TextLayer extends LayerBase {
  kind: 'text';
  text: string;
  font: string;
  color: string;
  align: 'left' | 'center' | 'right';
  /** null for plain text; a text design id for a styled block. */
  design: string | null;
  background: string | null;
}
export interface BrushStroke {
  id: string;
  kind: 'brush';
  color: string;
  /** Fraction of the cropped image's width. */
  size: number;
  /** Points in fractions of the cropped image. */
  points: Array<{ x: number; y: number }>;
}
export type Layer = StickerLayer | TextLayer | BrushStroke;

export interface Frame {
  id: string;
  /** Thickness as a fraction of the shorter side. */
  thickness: number;
  color: string;
}

export interface EditState {
  adjustments: Adjustments;
  filter: Filter | null;
  focus: Focus | null;
  overlay: Overlay | null;
  transform: Transform;
  layers: Layer[];
  frame: Frame | null;
}

export const NEUTRAL_ADJUSTMENTS: Adjustments = Object.fromEntries(
  ADJUSTMENTS.map((name) => [name, 0]),
) as Adjustments;

export const INITIAL_EDIT_STATE: EditState = {
  adjustments: NEUTRAL_ADJUSTMENTS,
  filter: null,
  focus: null,
  overlay: null,
  transform: {
    crop: { left: 0, top: 0, width: 1, height: 1 },
    rotation: 0,
    straighten: 0,
    flipH: false,
    flipV: false,
    resolution: null,
  },
  layers: [],
  frame: null,
};
