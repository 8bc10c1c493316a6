import type { ScreenRoute } from '../routing/screen-route';

/**
 * Screens of core.md §2 and account.md §2 whose feature has not landed: the placeholder stands in.
 * A feature going live moves its rows into its own screens module. Every one has landed.
 */
export const PLANNED_SCREENS: readonly ScreenRoute[] = [];
