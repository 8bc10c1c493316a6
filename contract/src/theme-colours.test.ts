import { describe, expect, it } from 'vitest';
import {
  BRAND_COLOURS,
  colourProperties,
  DARK_COLOURS,
  LIGHT_COLOURS,
  type ThemeColours,
} from './theme-colours';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const themes: [string, ThemeColours][] = [
  ['light', LIGHT_COLOURS],
  ['dark', DARK_COLOURS],
];

describe.each(themes)('the %s theme', (_name, colours) => {
  it.each([
    ['text on the background', colours.text, colours.bg],
    ['text on the surface', colours.text, colours.surface],
    ['muted text on the background', colours.textMuted, colours.bg],
    ['muted text on the surface', colours.textMuted, colours.surface],
    ['accent text on the background', colours.accent, colours.bg],
    ['accent text on the surface', colours.accent, colours.surface],
    ['text on an accent fill', colours.accentContrast, colours.accent],
    ['text on a hovered accent fill', colours.accentContrast, colours.accentHover],
    ['error text on the background', colours.error, colours.bg],
    ['text on an error fill', colours.errorContrast, colours.error],
    ['warning text on the background', colours.warning, colours.bg],
    ['warning text on the surface', colours.warning, colours.surface],
    ['text on a warning fill', colours.warningContrast, colours.warning],
  ])('%s meets AA for body text', (_pair, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('theme colours', () => {
  it('keep the white-on-accent pair of the light theme at 4.9:1', () => {
    expect(contrast(LIGHT_COLOURS.accentContrast, LIGHT_COLOURS.accent)).toBeCloseTo(4.9, 1);
  });

  it('give the logo a mark its lines stand out on', () => {
    expect(contrast(BRAND_COLOURS.onMark, BRAND_COLOURS.mark)).toBeGreaterThanOrEqual(4.5);
  });

  it('write one custom property per colour under the prefix', () => {
    expect(colourProperties('--light-', { accent: '#17805f', accentHover: '#116b4f' })).toBe(
      '--light-accent:#17805f;--light-accent-hover:#116b4f;',
    );
  });
});
