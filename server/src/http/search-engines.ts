/**
 * What search engines may read. People's photos are private and a share's address is its secret,
 * so only the start page is for search results. Share and visitor album pages may be fetched but
 * are answered with `noindex`: a crawler that is only kept out by robots.txt can still list a
 * linked address it never read, while one that reads `noindex` drops it. Everything else (the
 * signed-in app, the API, thumbnails) is closed; the shell's scripts and styles stay open so the
 * start page can be rendered.
 */
export const ROBOTS_TXT = `${[
  'User-agent: *',
  'Allow: /$',
  'Allow: /assets/',
  'Allow: /favicon.svg',
  'Allow: /share/',
  'Allow: /a/',
  'Allow: /albumImage/',
  'Disallow: /',
].join('\n')}\n`;

/** The `X-Robots-Tag` of an app page at `pathname`: every page but the start page stays out of search. */
export const robotsTagFor = (pathname: string): string | null =>
  pathname === '/' ? null : 'noindex, nofollow';
