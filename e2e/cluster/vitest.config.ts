import { defineConfig } from 'vitest/config';

/**
 * The cluster run (`npm run test:cluster`, see cluster/run.ts): chosen journeys and the cluster's
 * own tests, against the rig's balancer named by NORDLYS_E2E_BASE_URL; files one at a time.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: `${import.meta.dirname}/..`,
    include: ['journeys/**/*.test.ts', 'cluster/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    globalSetup: ['./global-setup.ts'],
  },
});
