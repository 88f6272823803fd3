import { apiRoutes, type ApiRoute } from '@substytut/shared/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from './helpers.ts';

/**
 * The board's answers are confidential work of a law office (issue 32): no browser or proxy keeps
 * any of them, a refusal included. Every board route, the people's around a job included
 * (favourites, references), says `cache-control: no-store` (decision 048: set in the routes'
 * options, not by a hook matching URLs).
 */

const BOARD_PREFIXES = ['/api/board/', '/api/user/board/', '/api/admin/board'];
const boardRoutes = (Object.keys(apiRoutes) as ApiRoute[]).filter((route) =>
  BOARD_PREFIXES.some((prefix) => route.split(' ')[1]!.startsWith(prefix)),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('no-store on every board route', () => {
  it('covers the routes of the contract table', () => {
    expect(boardRoutes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(boardRoutes)('%s, signed in or not', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
    const { headers } = await t.seed.session();
    const csrf = await csrfHeaders(t.app);
    const inject = (signedIn: boolean) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: signedIn ? { ...headers, ...csrf } : csrf,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
    for (const signedIn of [true, false]) {
      const response = await inject(signedIn);
      expect(response.statusCode, `${route} signed in: ${signedIn}`).not.toBe(500);
      expect(response.headers['cache-control'], `${route} signed in: ${signedIn}`).toBe('no-store');
    }
  });
});
