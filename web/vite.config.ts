import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.NORDLYS_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, assetsDir: 'assets' },
  server: {
    port: 5173,
    proxy: { '/st': api, '/th': api, '/idp': api, '/healthz': api, '/poll': api },
  },
});
