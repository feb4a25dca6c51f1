import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import * as mdiIcons from '@mdi/js';
import { fileURLToPath } from 'node:url';

// The dev server proxies the platform service so the portal and the API share one origin, as in production.
const backend = process.env.BERTH_BACKEND_URL ?? 'http://localhost:8080';

/**
 * `@mdi/js` is one module holding every icon, and a module lives in one chunk: every icon any screen uses
 * went to the entry chunk, so the first screen carried the icons of all the others. This gives each icon
 * imported from it a module of its own, which lands beside the code that uses it.
 */
function iconPerModule(): Plugin {
  const scheme = 'mdi-icon:';
  const iconImport = /import\s*\{([^}]*)\}\s*from\s*['"]@mdi\/js['"];?/g;
  return {
    name: 'berth:mdi-icon-per-module',
    enforce: 'pre',
    resolveId: (id) => (id.startsWith(scheme) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${scheme}`)) return null;
      const name = id.slice(scheme.length + 1);
      const path = (mdiIcons as Record<string, string | undefined>)[name];
      if (path === undefined) this.error(`@mdi/js has no icon ${name}`);
      return `export default ${JSON.stringify(path)};`;
    },
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('@mdi/js')) return null;
      return code.replace(iconImport, (_, names: string) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => `import ${name} from '${scheme}${name}';`)
          .join('\n'),
      );
    },
  };
}

/**
 * The route files' split screens load through app/router/lazy-route-component.ts instead of TanStack's
 * `lazyRouteComponent`, which reloads the window when a chunk fails (offline: the browser's error page).
 * TanStack's code splitter adds its import to the route files it splits; this swaps it, and stops the build
 * if a route file would keep TanStack's.
 */
function chunkFailureInPage(): Plugin {
  const tanstackImport = /import\s*\{\s*lazyRouteComponent\s*\}\s*from\s*['"]@tanstack\/react-router['"]/;
  return {
    name: 'berth:chunk-failure-in-page',
    transform(code, id) {
      if (!id.includes('/src/app/routes/') || !code.includes('lazyRouteComponent')) return null;
      if (!tanstackImport.test(code)) this.error(`${id}: TanStack's lazyRouteComponent import not found`);
      return code.replace(
        tanstackImport,
        "import { lazyRouteComponent } from '@/app/router/lazy-route-component.ts'",
      );
    },
  };
}

export default defineConfig({
  plugins: [
    iconPerModule(),
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
    chunkFailureInPage(),
    react(),
  ],
  // `@/…` is src/…, as in tsconfig.json's paths (vitest.config.ts says the same for the unit tests).
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/graphql', '/realms', '/billing', '/logs', '/api', '/healthz'].map((path) => [path, backend]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The one initial chunk is over Vite's 500 kB warning by design (see the groups below); its size is
    // held by bench/bundle-size's first-screen budget, in gzip.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The cron descriptions' locales (cronstrue's, loaded on demand by @berth/cron) ship as one chunk: as
        // ten files they repeat the same bundler wrapper and the same ~70 phrase names, and take 16 KB gzip;
        // together 8.4 KB. English needs none of them; any other language loads all ten at once (about 7 KB
        // more than its own). Only the locale files: cronstrue itself stays with the code that uses it.
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is needed before any screen shows, so it ships as one
            // file instead of the ten that automatic splitting made of it (each with its own import list and
            // gzip dictionary): 4 KB less on the first screen, 6 KB less on every other.
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // MUI's text field brings its select, and the select its menu, popover, modal and transitions:
            // every screen with a text field (the lists' search, every form) loads all of them, in 13 files
            // automatic splitting cut by which screens use each. One file saves about 2 KB per such screen.
            // Only these modules: their own imports stay where they are (in the initial chunk, mostly).
            {
              name: 'mui-text-field',
              test: /node_modules[\\/](@mui[\\/]material[\\/]esm[\\/](InputBase|OutlinedInput|FilledInput|Input|InputLabel|FormControl|FormLabel|FormHelperText|TextField|Select|NativeSelect|TextareaAutosize|Menu|MenuList|List|Popover|Modal|Backdrop|Fade|Grow|Portal|Unstable_TrapFocus)[\\/]|react-transition-group[\\/])/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
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
