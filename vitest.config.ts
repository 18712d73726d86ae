import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: two workers keep the suite parallel without starving PGlite.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Pure web modules (formatting, validation); screens are tested in Chromium by e2e/.
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
