import type { ClientConfig } from '@nordlys/contract/client-config';
import { hostMatchesAny } from './host-match';

export const isNorwegianHost = (hostname: string, config: Pick<ClientConfig, 'norwegianHosts'>): boolean =>
  hostMatchesAny(hostname, config.norwegianHosts);

/** Visitors on the Norwegian domain see the Norwegian brand; everyone else the international one. */
export function brandNameFor(
  hostname: string,
  config: Pick<ClientConfig, 'norwegianHosts' | 'brandName' | 'brandNameNorway'>,
): string {
  return isNorwegianHost(hostname, config) ? config.brandNameNorway : config.brandName;
}

/** Tab title: the screen's name first so several open tabs stay tellable apart. */
export const documentTitle = (brandName: string, screenTitle?: string): string =>
  screenTitle ? `${screenTitle} · ${brandName}` : brandName;
