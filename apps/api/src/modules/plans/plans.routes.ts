import { planStateSchema, urlDtoSchema } from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../app/authenticate.ts';
import { dataOf, ok } from '../app/http.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { cancelPro, planState, subscribeToPro, type PlansDeps } from './plans.service.ts';

/** The lawyer's plan (issue 34 §3): what is in force, subscribing to Pro, cancelling it. */
export async function plansRoutes(app: FastifyInstance, { deps }: { deps: PlansDeps }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.requireUser };

  typed.get(
    '/api/user/plan',
    { ...auth, schema: { response: { 200: dataOf(planStateSchema) } } },
    async (request) => ok(await planState(app.db, currentUser(request).id, app.clock.now())),
  );

  typed.post(
    '/api/user/plan/subscribe',
    { ...auth, config: rateLimit(10, '1 minute'), schema: { response: { 200: dataOf(urlDtoSchema) } } },
    async (request) => ok(await subscribeToPro(deps, currentUser(request))),
  );

  typed.post(
    '/api/user/plan/cancel',
    { ...auth, config: rateLimit(10, '1 minute'), schema: { response: { 200: dataOf(planStateSchema) } } },
    async (request) => ok(await cancelPro(deps, currentUser(request).id)),
  );
}
