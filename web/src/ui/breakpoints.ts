/** Layout breakpoints from the spec, in CSS pixels. */
export const BREAKPOINTS = { mobile: 600, tabletPortrait: 900, landscape: 1200, smallTv: 1400 } as const;

export const isMobileWidth = (width: number): boolean => width < BREAKPOINTS.mobile;
