import { defineConfig } from 'vitest/config';

// `npm test` runs the server and web projects; the browser journeys in e2e/ run separately (`npm run e2e`).
export default defineConfig({
  test: {
    projects: ['server', 'web', 'contract'],
  },
});
