import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../routing/screen-route';

const signedIn = SIGNED_IN_ROUTE;

// The planned screens' names live with the placeholder, in the app namespace, until their feature
// brings its own.
const settings = routesOf('settings', 'app');

/**
 * Screens of core.md §2 and account.md §2 whose feature has not landed: the placeholder stands in.
 * A feature going live moves its rows into its own screens module.
 */
export const PLANNED_SCREENS: readonly ScreenRoute[] = [settings('/settings/storage', 'storage', signedIn)];
