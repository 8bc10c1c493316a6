/**
 * Styled text blocks: a text layer whose `design` names one of these is drawn with its font, case,
 * block background, padding, outline and shadow. The layer's own colour and background (when set)
 * still win, so a design is a starting point, not a lock.
 */
export interface TextDesign {
  id: string;
  fontId: string;
  uppercase: boolean;
  color: string;
  /** Fill behind the block, or null. */
  background: string | null;
  /** Padding around the text, in ems. */
  padding: number;
  /** Corner radius of the background, in ems. */
  radius: number;
  /** Outline around the letters, in ems (0: none). */
  outline: number;
  outlineColor: string;
  shadow: { color: string; blur: number; offset: number } | null;
  /** Extra line height, as a factor of the font size. */
  lineHeight: number;
}

const base: Omit<TextDesign, 'id'> = {
  fontId: 'sans',
  uppercase: false,
  color: '#ffffff',
  background: null,
  padding: 0.3,
  radius: 0,
  outline: 0,
  outlineColor: '#000000',
  shadow: null,
  lineHeight: 1.25,
};

export const TEXT_DESIGNS: readonly TextDesign[] = [
  { ...base, id: 'label', background: '#111418', padding: 0.45, radius: 0.2 },
  {
    ...base,
    id: 'headline',
    fontId: 'condensed',
    uppercase: true,
    shadow: { color: 'rgba(0,0,0,0.55)', blur: 0.25, offset: 0.06 },
  },
  { ...base, id: 'outline', fontId: 'rounded', color: '#ffffff', outline: 0.12, outlineColor: '#111418' },
  {
    ...base,
    id: 'note',
    fontId: 'script',
    color: '#1d2433',
    background: '#fff6c2',
    padding: 0.6,
    radius: 0.08,
  },
  {
    ...base,
    id: 'stamp',
    fontId: 'mono',
    uppercase: true,
    color: '#e5484d',
    background: 'rgba(255,255,255,0.85)',
    padding: 0.35,
    outline: 0,
  },
  {
    ...base,
    id: 'glow',
    fontId: 'serif',
    color: '#fffbe6',
    shadow: { color: 'rgba(255,214,102,0.9)', blur: 0.6, offset: 0 },
  },
];

export function findTextDesign(id: string | null): TextDesign | undefined {
  return id === null ? undefined : TEXT_DESIGNS.find((d) => d.id === id);
}
