import {
  adminBoardListSchema,
  adminBoardRequestSchema,
  adminBoardStatsSchema,
  boardAnswerSchema,
  boardAssignedSchema,
  boardAssignSchema,
  boardConflictCheckSchema,
  boardHideSchema,
  boardPostedSchema,
  boardPostSchemaWith,
  boardReportedSchema,
  boardReportSchema,
  boardRequestDetailSchema,
  boardRequestListSchema,
  boardResponseSchema,
  myBoardRequestListSchema,
  myBoardRequestSchema,
} from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../app/authenticate.ts';
import { dataOf, noStore, ok } from '../app/http.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { boardStats, hideRequest, listForAdmin } from './admin/admin.service.ts';
import type { BoardDeps } from './board.deps.ts';
import { cancelRequest, getRequest, myRequests, pick, postRequest, reportAnswer } from './poster/poster.service.ts';
import {
  answer,
  changeAnswer,
  confirmNoConflict,
  listBoard,
  reportRequest,
  viewParties,
  withdrawAnswer,
} from './substitute/substitute.service.ts';

export interface BoardRoutesOptions {
  deps: BoardDeps;
}

// Ids in paths are any text: one that is not a request's is a 404 from the service, never a 400.
const requestParams = z.object({ id: z.string() });
const responseParams = z.object({ id: z.string(), responseId: z.string() });

/**
 * The substitution board (issue 32, docs/board.md): thin routes, one service call each. Signed-in
 * only (preValidation, before the body is read); the administrator's routes check the role first.
 */
export async function boardRoutes(app: FastifyInstance, { deps }: BoardRoutesOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Confidential work of a law office: no answer of the board is kept by a browser or a proxy.
  const auth = { preValidation: app.requireUser, onSend: noStore };
  const admin = { onRequest: app.requireAdmin, onSend: noStore };
  const perHour = (max: number) => rateLimit(max, '1 hour');
  const { boardPostsPerHour, boardAnswersPerHour, boardReportsPerHour } = app.config;

  typed.post(
    '/api/board/requests',
    {
      ...auth,
      config: perHour(boardPostsPerHour),
      schema: { body: boardPostSchemaWith(() => app.clock.now()), response: { 201: dataOf(boardPostedSchema) } },
    },
    async (request, reply) => reply.code(201).send(ok(await postRequest(deps, currentUser(request), request.body))),
  );

  typed.get('/api/board/requests', { ...auth, schema: { response: { 200: dataOf(boardRequestListSchema) } } }, async (request) =>
    ok(await listBoard(deps, currentUser(request).id)),
  );

  typed.get(
    '/api/board/requests/:id',
    { ...auth, schema: { params: requestParams, response: { 200: dataOf(boardRequestDetailSchema) } } },
    async (request) => ok(await getRequest(deps, currentUser(request).id, request.params.id)),
  );

  typed.delete(
    '/api/board/requests/:id',
    { ...auth, schema: { params: requestParams, response: { 200: dataOf(myBoardRequestSchema) } } },
    async (request) => ok(await cancelRequest(deps, currentUser(request).id, request.params.id)),
  );

  // The conflict check in two steps: the parties viewed (recorded), then no conflict confirmed.
  typed.post(
    '/api/board/requests/:id/conflict-check/view',
    {
      ...auth,
      config: perHour(boardAnswersPerHour),
      schema: { params: requestParams, response: { 200: dataOf(boardRequestDetailSchema) } },
    },
    async (request) => ok(await viewParties(deps, currentUser(request).id, request.params.id)),
  );

  typed.post(
    '/api/board/requests/:id/conflict-check',
    {
      ...auth,
      config: perHour(boardAnswersPerHour),
      schema: { params: requestParams, body: boardConflictCheckSchema, response: { 200: dataOf(boardRequestDetailSchema) } },
    },
    async (request) => ok(await confirmNoConflict(deps, currentUser(request).id, request.params.id)),
  );

  typed.post(
    '/api/board/requests/:id/responses',
    {
      ...auth,
      config: perHour(boardAnswersPerHour),
      schema: { params: requestParams, body: boardAnswerSchema, response: { 201: dataOf(boardResponseSchema) } },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await answer(deps, currentUser(request).id, request.params.id, request.body))),
  );

  typed.put(
    '/api/board/requests/:id/responses/mine',
    {
      ...auth,
      config: perHour(boardAnswersPerHour),
      schema: { params: requestParams, body: boardAnswerSchema, response: { 200: dataOf(boardResponseSchema) } },
    },
    async (request) => ok(await changeAnswer(deps, currentUser(request).id, request.params.id, request.body)),
  );

  typed.delete(
    '/api/board/requests/:id/responses/mine',
    {
      ...auth,
      config: perHour(boardAnswersPerHour),
      schema: { params: requestParams, response: { 200: dataOf(z.null()) } },
    },
    async (request) => {
      await withdrawAnswer(deps, currentUser(request).id, request.params.id);
      return ok(null);
    },
  );

  typed.post(
    '/api/board/requests/:id/assign',
    {
      ...auth,
      config: perHour(boardAnswersPerHour),
      schema: { params: requestParams, body: boardAssignSchema, response: { 200: dataOf(boardAssignedSchema) } },
    },
    async (request) => ok(await pick(deps, currentUser(request).id, request.params.id, request.body.responseId)),
  );

  typed.post(
    '/api/board/requests/:id/report',
    {
      ...auth,
      config: perHour(boardReportsPerHour),
      schema: { params: requestParams, body: boardReportSchema, response: { 201: dataOf(boardReportedSchema) } },
    },
    async (request, reply) => {
      await reportRequest(deps, currentUser(request).id, request.params.id, request.body.reason);
      return reply.code(201).send(ok({ reported: true as const }));
    },
  );

  typed.post(
    '/api/board/requests/:id/responses/:responseId/report',
    {
      ...auth,
      config: perHour(boardReportsPerHour),
      schema: { params: responseParams, body: boardReportSchema, response: { 201: dataOf(boardReportedSchema) } },
    },
    async (request, reply) => {
      const { id, responseId } = request.params;
      await reportAnswer(deps, currentUser(request).id, id, responseId, request.body.reason);
      return reply.code(201).send(ok({ reported: true as const }));
    },
  );

  typed.get('/api/user/board/requests', { ...auth, schema: { response: { 200: dataOf(myBoardRequestListSchema) } } }, async (request) =>
    ok(await myRequests(deps, currentUser(request).id)),
  );

  typed.get('/api/admin/board', { ...admin, schema: { response: { 200: dataOf(adminBoardListSchema) } } }, async () =>
    ok(await listForAdmin(deps)),
  );

  typed.post(
    '/api/admin/board/:id/hide',
    { ...admin, schema: { params: requestParams, body: boardHideSchema, response: { 200: dataOf(adminBoardRequestSchema) } } },
    async (request) => ok(await hideRequest(deps, request.params.id, request.body.reason)),
  );

  typed.get('/api/admin/board/stats', { ...admin, schema: { response: { 200: dataOf(adminBoardStatsSchema) } } }, async () =>
    ok(await boardStats(deps)),
  );
}
