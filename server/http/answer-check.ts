// The test run's proof that the contract does not lie: every 2xx answer is parsed with its call's answer
// schema (CHECK_ANSWERS=1, set by vitest and the Playwright server). A mismatch answers 500 with the zod
// issues, so the test that made the call fails and names the field.
import type { AnyRoute } from './route.ts';
import { ApiError } from './errors.ts';

export function checkAnswer(route: AnyRoute, result: unknown): void {
  if (!route.response) return;
  const r = route.response.safeParse(result === undefined ? null : result);
  if (r.success) return;
  const where = `${route.method.toUpperCase()} ${route.access} ${route.path}`;
  console.error(`[contract] answer of ${where} does not match its schema:`, JSON.stringify(r.error.issues.slice(0, 5)));
  throw new ApiError(500, 'response_contract', {
    route: where,
    issues: r.error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
  });
}
