import { SERVICE_HOST_KEYS, type ServiceHosts } from '@nordlys/contract/service-hosts';
import { apiRequest, normaliseHost } from './client';
import { clearServiceDict, getServiceDict, setServiceDict } from './session';

export type ServiceHostKey = (typeof SERVICE_HOST_KEYS)[number];

// Per-job directories; a shared album may live on other hosts than the user's own timeline.
const byJob = new Map<string, ServiceHosts>();

/** account.md §5's failure for a directory without all five hosts. */
export const INVALID_SERVICE_DICT = 'Invalid service dict';

export const isInvalidServiceDict = (error: unknown): boolean =>
  error instanceof Error && error.message === INVALID_SERVICE_DICT;

/** Validates a service directory answer; all five hosts must be non-empty strings. */
export function parseServiceHosts(value: unknown): ServiceHosts {
  if (!value || typeof value !== 'object') throw new Error(INVALID_SERVICE_DICT);
  const record = value as Record<string, unknown>;
  const hosts = {} as ServiceHosts;
  for (const key of SERVICE_HOST_KEYS) {
    const host = record[key];
    if (typeof host !== 'string' || host.trim() === '') throw new Error(INVALID_SERVICE_DICT);
    hosts[key] = host;
  }
  return hosts;
}

/**
 * GET /st/4/jobs/{id}/service on the login host (this origin); caches the answer for the job and as
 * the session's directory. Fails with INVALID_SERVICE_DICT when a host is missing.
 */
export async function fetchServiceHosts(
  jobId = 'default',
  options: { host?: string; signal?: AbortSignal } = {},
): Promise<ServiceHosts> {
  const answer = await apiRequest<unknown>(`/jobs/${encodeURIComponent(jobId)}/service`, {
    host: options.host ?? '',
    signal: options.signal,
  });
  let hosts: ServiceHosts;
  try {
    hosts = parseServiceHosts(answer);
  } catch (error) {
    // An invalid directory replaces nothing with itself, and no older one is trusted after it.
    byJob.delete(jobId);
    if (jobId === 'default') clearServiceDict();
    throw error;
  }
  byJob.set(jobId, hosts);
  if (jobId === 'default' || !getServiceDict()) setServiceDict(hosts);
  return hosts;
}

/** The origin for a service (e.g. 'thumbHost'); '' means the page's own origin. */
export function resolveHost(kind: ServiceHostKey, jobId?: string): string {
  const hosts = (jobId && byJob.get(jobId)) || getServiceDict();
  return hosts ? normaliseHost(hosts[kind]) : '';
}

export function forgetServiceHosts(): void {
  byJob.clear();
}
