/** Pages opened from inside the mobile app live under this prefix and hide the web chrome. */
export const IN_APP_PREFIX = '/_from_inside_app';

export const isInAppPath = (pathname: string): boolean =>
  pathname === IN_APP_PREFIX || pathname.startsWith(`${IN_APP_PREFIX}/`);
