import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'portal',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    // Screens are tested as customers use them, through many clicks; on a busy two-core machine that takes
    // longer than Vitest's default of 5 s.
    testTimeout: 20_000,
  },
});
