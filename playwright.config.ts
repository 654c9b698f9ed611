import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 4399);

// Debian's chromium: Playwright's own browser download cannot work on these machines.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/api/health`,
    timeout: 900_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(port),
      SQLITE_FILE: process.env.E2E_SQLITE_FILE || 'data/e2e/shop.sqlite',
      SEED_ARTICLES: process.env.E2E_SEED_ARTICLES || '65000',
      LOGIN_DELAY_BASE_MS: '0',
      DEV_TOOLS: '1', // the journeys read mails from the development outbox
      // the journeys send many guest forms from one address; the limits themselves: tests/api/sec-public-forms.test.ts
      GUEST_LIMIT_SCALE: '20',
      CHECK_ANSWERS: '1', // every answer the journeys get is checked against its contract
    },
    stdout: 'pipe',
  },
});
