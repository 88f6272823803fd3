import { apiOtherRoutes, apiRoutes, successStatusOf, type ApiRoute } from '@substytut/shared/contract/routes';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { dataOf } from '../src/modules/app/http.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * One contract from server to web (issue 31, decision 034): every JSON route of the API declares,
 * as its Fastify schemas, exactly the request and answer shapes of packages/shared's route table,
 * which the web's API functions and its tests' fetch stubs are typed by. A route whose answer or
 * body drifts from the table, a JSON route missing from it, or an entry naming no route fails here.
 */

const registered = vi.hoisted(() => new Map<string, RouteOptions>());

// Every route as Fastify registers it, schemas included (Fastify keeps no public list of them).
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const create = real.default as unknown as (...args: unknown[]) => FastifyInstance;
  const recording = ((...args: unknown[]) => {
    const app = create(...args);
    app.addHook('onRoute', (route) => {
      const methods: readonly string[] = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.set(`${method} ${route.url}`, route);
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: recording };
});

const NOT_JSON = new Set<string>(apiOtherRoutes);

/**
 * Bodies the server reads before its schema can (multipart forms) or prepares for it (the
 * profile's empty blocks are dropped first, as the form does): compared as the shared schema
 * inside the server's preprocessing.
 */
const BODY_NOT_DECLARED = new Set<ApiRoute>(['PUT /api/user/profile']);

const json = (schema: unknown, io: 'input' | 'output') =>
  z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any', cycles: 'ref' });

type Schemas = { body?: unknown; response?: Record<number, unknown> };
const schemasOf = (route: RouteOptions): Schemas => (route.schema ?? {}) as Schemas;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: '' } });
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Issue 32's routes, declared in the table for the screens built beside them but not yet served
 * while the board is built in parallel branches. Each branch deletes the lines of the routes it
 * serves; this set is gone once the board has landed.
 */
const BUILDING: ReadonlySet<string> = new Set(
  (Object.keys(apiRoutes) as string[])
    .concat(apiOtherRoutes)
    // Every board route is served once the three branches are merged (b32-web-board's merge).
    .filter(() => false),
);

describe('the API and the shared route table', () => {
  const routes = (Object.keys(apiRoutes) as ApiRoute[]).filter((route) => !BUILDING.has(route));

  it('registers every route of the table, and every route it names as answering no JSON', () => {
    expect(routes.filter((route) => !registered.has(route))).toEqual([]);
    expect(apiOtherRoutes.filter((route) => !registered.has(route) && !BUILDING.has(route))).toEqual([]);
  });

  it('lists every JSON route of the API in the table', () => {
    const unlisted = [...registered.keys()].filter(
      (key) =>
        / \/api\//.test(key) &&
        !key.startsWith('HEAD ') &&
        !key.startsWith('OPTIONS ') &&
        !key.includes('/api/test/') &&
        !NOT_JSON.has(key) &&
        !(key in apiRoutes),
    );
    expect(unlisted).toEqual([]);
  });

  it.each(routes)('%s answers the shared shape', (route) => {
    const declared = schemasOf(registered.get(route)!).response?.[successStatusOf(route)];
    expect(declared, 'no response schema for the success status').toBeDefined();
    expect(json(declared, 'output')).toEqual(json(dataOf(apiRoutes[route].response), 'output'));
  });

  it.each(routes.filter((route) => 'body' in apiRoutes[route] && !BODY_NOT_DECLARED.has(route)))(
    '%s reads the shared body',
    (route) => {
      const declared = schemasOf(registered.get(route)!).body;
      const shared = (apiRoutes[route] as { body: z.ZodType }).body;
      expect(declared, 'no body schema').toBeDefined();
      expect(json(declared, 'input')).toEqual(json(shared, 'input'));
    },
  );

  it('the profile route prepares its body and then checks it with the shared schema', () => {
    const declared = schemasOf(registered.get('PUT /api/user/profile')!).body as z.ZodPipe;
    expect(json(declared.out, 'input')).toEqual(json(apiRoutes['PUT /api/user/profile'].body, 'input'));
  });
});
