import { type Static, Type } from 'typebox';

/** The service host directory answered by GET /st/4/jobs/{id}/service. */
export const ServiceHosts = Type.Object({
  appHost: Type.String(),
  thumbHost: Type.String(),
  videoHost: Type.String(),
  pollHost: Type.String(),
  downloadHost: Type.String(),
});
export type ServiceHosts = Static<typeof ServiceHosts>;

export const SERVICE_HOST_KEYS = ['appHost', 'thumbHost', 'videoHost', 'pollHost', 'downloadHost'] as const;
