import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './support/server-process';

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
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
