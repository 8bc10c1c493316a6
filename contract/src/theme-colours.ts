/**
 * The theme colours of the web app's tokens and of the pages the server renders itself (sign-in),
 * kept in one place so the two cannot drift apart.
 *
 * Every text and fill pair meets WCAG AA (4.5:1) on its own theme. The light accent carries white
 * text (4.9:1); the dark theme's brighter accent reads on the dark background (5.5:1) and, as a
 * fill, carries near-black text. The brighter green behind white text would be 3.37:1.
 */
// A type, not an interface, so a palette passes where any record of colours is taken.
export type ThemeColours = {
  accent: string;
  accentHover: string;
  /** Text and icons on an accent fill. */
  accentContrast: string;
  error: string;
  /** Text on an error fill (danger buttons, error toasts). */
  errorContrast: string;
  warning: string;
  /** Text on a warning fill (the offline banner). */
  warningContrast: string;
  bg: string;
  surface: string;
  border: string;
  text: string;
  textMuted: string;
};

export const LIGHT_COLOURS: ThemeColours = {
  accent: '#17805f',
  accentHover: '#116b4f',
  accentContrast: '#ffffff',
  error: '#c62828',
  errorContrast: '#ffffff',
  // Deeper than the design's #b26a00, which white text (and the page under its own text) reads at 4.2:1.
  warning: '#9c5d00',
  warningContrast: '#ffffff',
  bg: '#ffffff',
  surface: '#f5f7f8',
  border: '#e3e7ea',
  text: '#15191c',
  textMuted: '#5b6770',
};

export const DARK_COLOURS: ThemeColours = {
  accent: '#1f9e7a',
  // Lighter on hover: against near-black text a darker green would lose contrast.
  accentHover: '#26b38b',
  accentContrast: '#0e1417',
  // The light theme's red reads at about 3:1 on the dark background.
  error: '#ef6b6b',
  errorContrast: '#0e1417',
  warning: '#e0a040',
  warningContrast: '#0e1417',
  bg: '#0e1417',
  surface: '#172026',
  border: '#26323a',
  text: '#e8eef1',
  textMuted: '#9aa8b1',
};

/** The logo looks the same in both themes. */
export const BRAND_COLOURS = { mark: '#17805f', onMark: '#ffffff' } as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** CSS custom property declarations: `{prefix}accent-hover:#116b4f;` and so on, one per colour. */
export function colourProperties(prefix: string, colours: Readonly<Record<string, string>>): string {
  return Object.entries(colours)
    .map(([name, value]) => `${prefix}${kebab(name)}:${value};`)
    .join('');
}
