/**
 * Fonts for text layers: font stacks of faces that ship with the common systems, so nothing is
 * downloaded and text looks alike on the preview and in the export of the same browser.
 */
export interface FontChoice {
  id: string;
  stack: string;
  weight: number;
  style?: 'italic';
}

export const FONTS: readonly FontChoice[] = [
  {
    id: 'sans',
    stack: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
    weight: 600,
  },
  { id: 'serif', stack: 'Georgia, "Times New Roman", "Noto Serif", "DejaVu Serif", serif', weight: 400 },
  {
    id: 'mono',
    stack: 'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace',
    weight: 500,
  },
  {
    id: 'rounded',
    stack: 'ui-rounded, "SF Pro Rounded", "Arial Rounded MT Bold", "Nunito", sans-serif',
    weight: 700,
  },
  {
    id: 'condensed',
    stack: '"Arial Narrow", "Roboto Condensed", "DejaVu Sans Condensed", sans-serif',
    weight: 700,
  },
  {
    id: 'script',
    stack: '"Segoe Script", "Brush Script MT", "Snell Roundhand", cursive',
    weight: 400,
    style: 'italic',
  },
];

export const DEFAULT_FONT_ID = 'sans';

export function findFont(id: string): FontChoice {
  return FONTS.find((f) => f.id === id) ?? FONTS[0]!;
}

/** The CSS font shorthand canvas text uses. */
export const cssFont = (font: FontChoice, sizePx: number) =>
  `${font.style ?? 'normal'} ${font.weight} ${sizePx.toFixed(2)}px ${font.stack}`;
