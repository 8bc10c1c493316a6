import { timingSafeEqual } from 'node:crypto';

/** Whether a scrape may read the metrics: with a token configured, only with `Bearer <token>`. */
export function scrapeAllowed(token: string | null, authorization: string | undefined): boolean {
  if (token === null) return true;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
