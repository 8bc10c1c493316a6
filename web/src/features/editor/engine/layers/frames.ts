/**
 * Frames drawn over the edges of the photo (the output keeps its size). `thickness` is a fraction of
 * the shorter side; each frame has a default thickness and colour the screens start from.
 */
export interface FrameStyle {
  id: 'solid' | 'double' | 'rounded' | 'polaroid' | 'film' | 'inset';
  thickness: number;
  color: string;
}

export const FRAMES: readonly FrameStyle[] = [
  { id: 'solid', thickness: 0.04, color: '#ffffff' },
  { id: 'double', thickness: 0.05, color: '#ffffff' },
  { id: 'rounded', thickness: 0.03, color: '#ffffff' },
  { id: 'polaroid', thickness: 0.05, color: '#fbfaf7' },
  { id: 'film', thickness: 0.08, color: '#111111' },
  { id: 'inset', thickness: 0.04, color: '#ffffff' },
];

export function findFrame(id: string): FrameStyle | undefined {
  return FRAMES.find((f) => f.id === id);
}
