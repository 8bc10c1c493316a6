/**
 * Host patterns in ClientConfig: '.no' is a suffix, 'staging.' a prefix, '.staging.' a label
 * anywhere inside the name, anything else an exact host name.
 */
export function hostMatches(hostname: string, pattern: string): boolean {
  const host = hostname.toLowerCase();
  const p = pattern.toLowerCase();
  if (p.length === 0) return false;
  const leadingDot = p.startsWith('.');
  const trailingDot = p.endsWith('.');
  if (leadingDot && trailingDot) return host.includes(p) || host.startsWith(p.slice(1));
  if (leadingDot) return host.endsWith(p) || host === p.slice(1);
  if (trailingDot) return host.startsWith(p);
  return host === p;
}

export const hostMatchesAny = (hostname: string, patterns: readonly string[]): boolean =>
  patterns.some((pattern) => hostMatches(hostname, pattern));
