import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** the form body with Stripe's bracket keys flattened: { 'capabilities[transfers][requested]': 'true' } */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface FakeAccount {
  id: string;
  email: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  mode: string;
  currency: string;
  amount_total: number;
  customer_email: string | null;
  expires_at: number;
  /** when it was made (seconds); tests may move it back */
  created: number;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  description: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

/**
 * A small stateful stand-in for the parts of Stripe's HTTP API the app calls: Express accounts,
 * account links, login links, Checkout Sessions, PaymentIntents, transfers and refunds. Started on
 * 127.0.0.1 by the tests; the real SDK talks to it. Idempotency keys behave like Stripe's: a
 * repeated key answers the first result.
 */
export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  accounts: Map<string, FakeAccount>;
  sessions: Map<string, FakeCheckoutSession>;
  transfers: Map<string, FakeTransfer>;
  refunds: Map<string, FakeRefund>;
  /** the next `times` requests to `path` fail as Stripe fails when it is down (500, not to be retried) */
  failNext(path: string, times?: number): void;
  /** what a client paying on Stripe's page does: the session completes with a paid PaymentIntent */
  paySession(id: string): FakeCheckoutSession & { charge: string };
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  response.end(JSON.stringify(body));
}

const notFound = (response: ServerResponse, message: string) =>
  send(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message } });

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const accounts = new Map<string, FakeAccount>();
  const byIdempotencyKey = new Map<string, string>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const transfers = new Map<string, FakeTransfer>();
  const intents = new Map<string, { id: string; latest_charge: string; amount: number }>();
  const refunds = new Map<string, FakeRefund>();
  const failures = new Map<string, number>();
  const idempotent = new Map<string, unknown>();
  const randomId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        form,
        idempotencyKey,
        authorization: request.headers.authorization,
      });
      const failing = failures.get(url.pathname) ?? 0;
      if (failing > 0) {
        failures.set(url.pathname, failing - 1);
        response.setHeader('stripe-should-retry', 'false');
        return send(response, 500, { error: { type: 'api_error', message: 'fake outage' } });
      }
      if (!request.headers.authorization?.startsWith('Bearer sk_test_')) {
        return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      }

      if (request.method === 'POST' && url.pathname === '/v1/accounts') {
        const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (existing) return send(response, 200, { object: 'account', ...accounts.get(existing) });
        const account: FakeAccount = {
          id: `acct_${randomBytes(8).toString('hex')}`,
          email: form.email ?? '',
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
        };
        accounts.set(account.id, account);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, account.id);
        return send(response, 200, { object: 'account', type: form.type, country: form.country, ...account });
      }

      if (request.method === 'POST' && url.pathname === '/v1/account_links') {
        const id = form.account ?? '';
        if (!accounts.has(id)) return notFound(response, `No such account: '${id}'`);
        return send(response, 200, {
          object: 'account_link',
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
          url: `https://connect.stripe.test/setup/e/${id}/${randomBytes(6).toString('hex')}`,
        });
      }

      const login = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(url.pathname);
      if (request.method === 'POST' && login) {
        const id = decodeURIComponent(login[1] ?? '');
        if (!accounts.has(id)) return notFound(response, `No such account: '${id}'`);
        return send(response, 200, {
          object: 'login_link',
          created: Math.floor(Date.now() / 1000),
          url: `https://connect.stripe.test/express/${id}/${randomBytes(6).toString('hex')}`,
        });
      }

      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = idempotencyKey ? `session:${idempotencyKey}` : undefined;
        if (key && idempotent.has(key)) return send(response, 200, idempotent.get(key));
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(name);
          if (m?.[1]) metadata[m[1]] = value;
        }
        const id = randomId('cs_test');
        const session: FakeCheckoutSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          mode: form.mode ?? '',
          currency: form.currency ?? '',
          amount_total: Number(form['line_items[0][price_data][unit_amount]'] ?? 0),
          customer_email: form.customer_email ?? null,
          expires_at: Number(form.expires_at ?? 0),
          created: Math.floor(Date.now() / 1000),
          metadata,
          payment_intent: null,
          success_url: form.success_url ?? '',
          cancel_url: form.cancel_url ?? '',
        };
        sessions.set(id, session);
        if (key) idempotent.set(key, session);
        return send(response, 200, session);
      }

      // The list, newest first, filtered by status and created[gte], paged by starting_after.
      if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const q = url.searchParams;
        const gte = Number(q.get('created[gte]') ?? 0);
        const all = [...sessions.values()]
          .filter((s) => (!q.get('status') || s.status === q.get('status')) && s.created >= gte)
          .reverse();
        const after = q.get('starting_after');
        const start = after ? all.findIndex((s) => s.id === after) + 1 : 0;
        const limit = Number(q.get('limit') ?? 10);
        const data = all.slice(start, start + limit);
        return send(response, 200, {
          object: 'list',
          url: '/v1/checkout/sessions',
          has_more: start + limit < all.length,
          data,
        });
      }

      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (request.method === 'POST' && expire) {
        const session = sessions.get(decodeURIComponent(expire[1] ?? ''));
        if (!session) return notFound(response, 'No such checkout.session');
        if (session.status !== 'open') {
          return send(response, 400, {
            error: {
              type: 'invalid_request_error',
              message: `Only open sessions can be expired (${session.status})`,
            },
          });
        }
        session.status = 'expired';
        return send(response, 200, session);
      }

      const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && intent) {
        const found = intents.get(decodeURIComponent(intent[1] ?? ''));
        if (!found) return notFound(response, 'No such payment_intent');
        return send(response, 200, { object: 'payment_intent', status: 'succeeded', ...found });
      }

      if (request.method === 'POST' && url.pathname === '/v1/transfers') {
        const key = idempotencyKey ? `transfer:${idempotencyKey}` : undefined;
        if (key && idempotent.has(key)) return send(response, 200, idempotent.get(key));
        const destination = form.destination ?? '';
        if (!accounts.has(destination)) return notFound(response, `No such destination: '${destination}'`);
        const transfer: FakeTransfer = {
          id: randomId('tr'),
          object: 'transfer',
          amount: Number(form.amount),
          currency: form.currency ?? '',
          destination,
          source_transaction: form.source_transaction ?? null,
          transfer_group: form.transfer_group ?? null,
          description: form.description ?? null,
        };
        transfers.set(transfer.id, transfer);
        if (key) idempotent.set(key, transfer);
        return send(response, 200, transfer);
      }

      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = idempotencyKey ? `refund:${idempotencyKey}` : undefined;
        if (key && idempotent.has(key)) return send(response, 200, idempotent.get(key));
        const paid = intents.get(form.payment_intent ?? '');
        if (!paid) return notFound(response, `No such payment_intent: '${form.payment_intent ?? ''}'`);
        const refunded = [...refunds.values()]
          .filter((r) => r.payment_intent === paid.id)
          .reduce((sum, r) => sum + r.amount, 0);
        const amount = form.amount === undefined ? paid.amount - refunded : Number(form.amount);
        if (!(amount > 0) || refunded + amount > paid.amount) {
          return send(response, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount - refunded})`,
            },
          });
        }
        const refund: FakeRefund = {
          id: randomId('re'),
          object: 'refund',
          amount,
          currency: 'pln',
          payment_intent: paid.id,
          reason: form.reason ?? null,
          status: 'succeeded',
        };
        refunds.set(refund.id, refund);
        if (key) idempotent.set(key, refund);
        return send(response, 200, refund);
      }

      return notFound(response, `Unrecognized request URL (${request.method}: ${url.pathname})`);
    })().catch((error: unknown) =>
      send(response, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accounts,
    sessions,
    transfers,
    refunds,
    failNext(path, times = 1) {
      failures.set(path, times);
    },
    paySession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake stripe: no session ${id}`);
      const charge = randomId('ch');
      const pi = { id: randomId('pi'), latest_charge: charge, amount: session.amount_total };
      intents.set(pi.id, pi);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: pi.id });
      return { ...session, charge };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
