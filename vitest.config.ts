import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
    globalSetup: ['tests/api/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the API tests read mails from the development outbox and use the development webhook secret;
    // every answer is checked against its contract
    env: { DEV_TOOLS: '1', CHECK_ANSWERS: '1' },
  },
});
