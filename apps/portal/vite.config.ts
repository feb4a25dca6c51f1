import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the platform service so the portal and the API share one origin, as in production.
const backend = process.env.BERTH_BACKEND_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/graphql', '/realms', '/billing', '/logs', '/api', '/healthz'].map((path) => [path, backend]),
    ),
  },
  build: { outDir: 'dist', sourcemap: false },
});
