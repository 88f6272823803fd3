import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from './routes';

type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };

function toRouteObjects(entries: Entry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id, index: true }
      : {
          id: entry.id,
          path: entry.path,
          children: entry.children ? toRouteObjects(entry.children) : undefined,
        },
  );
}

const tree = toRouteObjects(routes as Entry[]);
const leaf = (pathname: string) => matchRoutes(tree, pathname)?.at(-1)?.route.id;

describe('the route list', () => {
  it('gives every route its own id', () => {
    const ids: string[] = [];
    const walk = (entries: Entry[]) =>
      entries.forEach((entry) => {
        ids.push(entry.id ?? entry.file);
        walk(entry.children ?? []);
      });
    walk(routes as Entry[]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/auth', 'auth'],
    ['/auth/register', 'auth-tab'],
    ['/auth/reset/abc', 'reset-password'],
    ['/auth/verified/1/abc', 'verified'],
    ['/dashboard', 'dashboard-index'],
    ['/dashboard/offers', 'dashboard-offers'],
    ['/admin', 'admin'],
    ['/u/jan-kowalski', 'public-profile'],
    ['/payment/success', 'payment-success'],
    ['/terms', 'terms'],
    ['/404', 'not-found'],
    ['/no/such/page', 'unknown-path'],
  ])('matches %s unprefixed and under /pl and /en', (path, id) => {
    expect(leaf(path)).toBe(id);
    expect(leaf(path === '/' ? '/pl' : `/pl${path}`)).toBe(`pl:${id}`);
    expect(leaf(path === '/' ? '/en' : `/en${path}`)).toBe(`en:${id}`);
  });
});
