import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The dev server proxies the platform service so the portal and the API share one origin, as in production.
const backend = process.env.BERTH_BACKEND_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    // File-based routes: the files under src/app/routes mirror the portal's addresses. The plugin writes the
    // route tree they make (src/app/route-tree.gen.ts, committed as TanStack recommends: typecheck, lint and
    // tests read it) whenever a route file changes in dev or build, and gives every route's screen a chunk
    // of its own. It must come before the React plugin.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
      autoCodeSplitting: true,
      addExtensions: true,
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/graphql', '/realms', '/billing', '/logs', '/api', '/healthz'].map((path) => [path, backend]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The cron descriptions' locales (cronstrue's, loaded on demand by @berth/cron) ship as one chunk: as
        // ten files they repeat the same bundler wrapper and the same ~70 phrase names, and take 16 KB gzip;
        // together 8.4 KB. English needs none of them; any other language loads all ten at once (about 7 KB
        // more than its own). Only the locale files: cronstrue itself stays with the code that uses it.
        codeSplitting: {
          groups: [
            {
              name: 'cron-locales',
              test: /cronstrue[\\/]locales[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
