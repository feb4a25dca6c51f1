import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineProject({
  plugins: [react()],
  // `@/…` is src/…, as in tsconfig.json's paths and vite.config.ts.
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  test: {
    name: 'portal',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // One file at a time, before the other projects (vitest.config.ts at the root).
    maxWorkers: 1,
    sequence: { groupOrder: 0 },
    setupFiles: ['test/setup.ts'],
    // Screens are tested as customers use them, through many clicks; on a busy two-core machine that takes
    // longer than Vitest's default of 5 s.
    testTimeout: 20_000,
  },
});
