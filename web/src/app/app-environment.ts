import type { ClientConfig } from '@nordlys/contract/client-config';
import { brandNameFor, isNorwegianHost } from '../features/locale/brand-rule';
import { hostMatchesAny } from '../features/locale/host-match';

/** Facts about where the client runs, fixed for the page's lifetime. */
export interface AppEnvironment {
  config: ClientConfig;
  brandName: string;
  onNorwegianHost: boolean;
  onStagingHost: boolean;
}

export function environmentFor(hostname: string, config: ClientConfig): AppEnvironment {
  return {
    config,
    brandName: brandNameFor(hostname, config),
    onNorwegianHost: isNorwegianHost(hostname, config),
    onStagingHost: hostMatchesAny(hostname, config.stagingHosts),
  };
}
