import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './support/server-process';

let server: RunningServer | undefined;

/**
 * The journeys run against a server of their own (the embedded size, started here), or against
 * one already running when NORDLYS_E2E_BASE_URL names it: the cluster rig's balancer, with the
 * environment its processes run on (NORDLYS_E2E_SERVER_ENV, JSON) for the admin CLI the journeys
 * make users with, and its data folder (NORDLYS_E2E_DATA_DIR).
 */
export async function setup(project: TestProject) {
  const external = process.env.NORDLYS_E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external);
    project.provide('dataDir', process.env.NORDLYS_E2E_DATA_DIR ?? '');
    project.provide('serverEnv', process.env.NORDLYS_E2E_SERVER_ENV ?? '{}');
    return;
  }
  // A low resumable threshold lets the upload journey exercise tus with a file of tens of MiB.
  server = await startServer({ RESUMABLE_UPLOAD_THRESHOLD: String(8 * 1024 * 1024) });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('serverEnv', JSON.stringify(server.env));
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    serverEnv: string;
  }
}
