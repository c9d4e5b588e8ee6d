import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    // A test's time is its machine's: on a busy CI machine the builds a test spawns take several times
    // longer than on a quiet one (the cache tests' two builds passed 30 s at a load of 25). A hang still
    // fails, after three minutes.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
