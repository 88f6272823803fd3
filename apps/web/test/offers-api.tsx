import { render } from '@testing-library/react';
import {
  canDelete,
  groszeToDecimalString,
  firstIssueByPath,
  offerCreateSchema,
  type ApiErrorBody,
  type InvoiceDto,
  type InvoiceFailureDto,
  type OfferDto,
  type OfferStatus,
  type ProfileDto,
} from '@substytut/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { createI18n } from '@/lib/i18n';
import type { OfferRequirements } from '@/lib/licence';
import type { ApiAnswer, ApiRoute } from '@substytut/shared/contract/routes';
import { completeProfile } from './dashboard-api';
import { failure, success, toResponse, type ErrorStatus } from './fetch-stub';

/**
 * A small stateful stand-in for the offers API of spec 7 (and GET /user/profile), answering as a
 * function of each request: POST validates with the shared schema, DELETE and /done follow the
 * shared status rules, GET returns the stored list.
 */
export interface FakeOffersApi {
  offers: OfferDto[];
  /** GET /api/user/invoices answers these */
  invoices: InvoiceDto[];
  /** GET /api/user/invoice-failures answers these (issue 30) */
  invoiceFailures: InvoiceFailureDto[];
  /** whether a retry of a failure now succeeds (the lawyer fixed the cause) */
  failureCauseFixed: boolean;
  profileStatus: ProfileDto['status'];
  /** What GET /user/profile says about creating offers (issue 22). */
  requirements: OfferRequirements;
  calls: { method: string; path: string; body: unknown }[];
  /** Answer 500 to these 'METHOD /path-prefix' calls. */
  failing: Set<string>;
  fetch: typeof fetch;
  callsTo: (method: string, path: string) => { method: string; path: string; body: unknown }[];
}

let nextId = 100;

export function makeOffer(overrides: Partial<OfferDto> = {}): OfferDto {
  const offerId = overrides.offerId ?? nextId++;
  const offerUrl = overrides.offerUrl ?? `tok${offerId}`;
  return {
    offerId,
    profileId: 1,
    title: `Zlecenie ${offerId}`,
    description: '',
    price: '100.00',
    price_brutto: '123.00',
    expireDate: '2099-01-01',
    status: 'active',
    offerUrl,
    absoluteUrl: `http://localhost/u/jan-kowalski?o=${offerUrl}`,
    cardUrl: `offers/${offerId}/card.png`,
    createDate: '2025-01-01T10:00:00.000Z',
    updateDate: '2025-01-01T10:00:00.000Z',
    profile: { seolink: 'jan-kowalski', fullname: 'Jan Kowalski' },
    hearing: null,
    ...overrides,
  };
}

/** A success of `route` (typed by the API's route table), or one of the API's errors. */
const answer = <R extends ApiRoute>(route: R, data: ApiAnswer<R>) => toResponse(success(route, data));
const refuse = (status: ErrorStatus, body: ApiErrorBody) => toResponse(failure(status, body));

export function createFakeOffersApi(
  offers: OfferDto[] = [],
  {
    profileStatus = 'active',
    requirements,
  }: { profileStatus?: ProfileDto['status']; requirements?: OfferRequirements } = {},
): FakeOffersApi {
  const api: FakeOffersApi = {
    offers: [...offers],
    invoices: [],
    invoiceFailures: [],
    failureCauseFixed: false,
    profileStatus,
    // By default an active profile meets every condition, an inactive one none.
    requirements: requirements ?? {
      profile_active: profileStatus === 'active',
      payment_account: profileStatus === 'active',
      licence_verified: profileStatus === 'active',
    },
    calls: [],
    failing: new Set(),
    fetch: undefined as unknown as typeof fetch,
    callsTo: (method, path) => api.calls.filter((c) => c.method === method && c.path.startsWith(path)),
  };

  const transition = (
    route: 'PUT /api/user/offer/:id/done' | 'DELETE /api/user/offer/:id',
    id: number,
    allowed: (s: OfferStatus) => boolean,
    apply: (o: OfferDto) => OfferDto | null,
  ) => {
    const offer = api.offers.find((o) => o.offerId === id);
    if (!offer) return refuse(404, { message: 'Not found', code: 'offers.not_found' });
    if (!allowed(offer.status))
      return refuse(409, { message: 'Conflict', code: 'offers.invalid_transition' });
    const next = apply(offer);
    api.offers = next
      ? api.offers.map((o) => (o.offerId === id ? next : o))
      : api.offers.filter((o) => o !== offer);
    return route === 'DELETE /api/user/offer/:id' ? answer(route, null) : answer(route, next!);
  };

  api.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const path = url.pathname;
    api.calls.push({ method, path, body });
    if ([...api.failing].some((f) => `${method} ${path}`.startsWith(f))) {
      return refuse(500, { message: 'Internal error', code: 'internal' });
    }
    if (path === '/api/csrf-cookie') return toResponse({ status: 204 });
    if (method === 'GET' && path === '/api/user/profile') {
      return answer(
        'GET /api/user/profile',
        completeProfile({
          status: api.profileStatus,
          seolink: 'jan-kowalski',
          offer_requirements: api.requirements,
        }),
      );
    }
    if (method === 'GET' && path === '/api/user/offer') return answer('GET /api/user/offer', api.offers);
    if (method === 'GET' && path === '/api/user/invoices')
      return answer('GET /api/user/invoices', api.invoices);
    if (method === 'GET' && path === '/api/user/invoice-failures') {
      return answer('GET /api/user/invoice-failures', api.invoiceFailures);
    }
    const failureRetry = /^\/api\/user\/invoice-failures\/(\d+)\/retry$/.exec(path);
    if (method === 'POST' && failureRetry) {
      const failure = api.invoiceFailures.find((f) => f.id === Number(failureRetry[1]));
      if (!failure) return refuse(404, { message: 'Not found', code: 'invoices.not_found' });
      if (!api.failureCauseFixed) {
        return refuse(409, { message: 'Still not issuable', code: 'invoices.still_not_issuable' });
      }
      api.invoiceFailures = api.invoiceFailures.filter((f) => f !== failure);
      return answer('POST /api/user/invoice-failures/:id/retry', { retried: true });
    }
    const ksefRetry = /^\/api\/user\/invoices\/(\d+)\/retry$/.exec(path);
    if (method === 'POST' && ksefRetry) {
      const invoice = api.invoices.find((i) => i.id === Number(ksefRetry[1]));
      if (!invoice) return refuse(404, { message: 'Not found', code: 'invoices.not_found' });
      const queued: InvoiceDto = {
        ...invoice,
        ksef_status: 'queued',
        ksef_error: null,
        ksef_error_code: null,
      };
      api.invoices = api.invoices.map((i) => (i === invoice ? queued : i));
      return answer('POST /api/user/invoices/:id/retry', queued);
    }
    const invoiceFile = /^\/api\/user\/invoices\/(\d+)\/(xml|pdf)$/.exec(path);
    if (method === 'GET' && invoiceFile) {
      const invoice = api.invoices.find((i) => i.id === Number(invoiceFile[1]));
      if (!invoice) return refuse(404, { message: 'Not found', code: 'invoices.not_found' });
      return new Response(invoiceFile[2] === 'xml' ? '<Faktura/>' : '%PDF-1.7', {
        status: 200,
        headers: {
          'content-type': invoiceFile[2] === 'xml' ? 'application/xml' : 'application/pdf',
          'content-disposition': `attachment; filename="faktura-${invoice.number.replace(/\//g, '-')}.${invoiceFile[2]}"`,
        },
      });
    }
    if (method === 'POST' && path === '/api/user/offer') {
      if (api.profileStatus !== 'active')
        return refuse(403, { message: 'Forbidden', code: 'offers.profile_inactive' });
      if (!api.requirements.licence_verified)
        return refuse(403, { message: 'Forbidden', code: 'offers.licence_not_verified' });
      const parsed = offerCreateSchema.safeParse(body);
      if (!parsed.success) {
        return refuse(400, {
          message: 'Invalid',
          code: 'validation.failed',
          errors: firstIssueByPath(parsed.error),
        });
      }
      const offer = makeOffer({
        title: parsed.data.title,
        expireDate: parsed.data.expireDate,
        price: groszeToDecimalString(parsed.data.netGrosze),
        price_brutto: groszeToDecimalString(parsed.data.grossGrosze),
        court_cancellation_fee: parsed.data.courtCancellationFeeNetGrosze
          ? groszeToDecimalString(parsed.data.courtCancellationFeeNetGrosze)
          : null,
        createDate: new Date().toISOString(),
      });
      api.offers.push(offer);
      return answer('POST /api/user/offer', { absoluteUrl: offer.absoluteUrl, offer });
    }
    // Issue 34: the lawyer's one answer to an open dispute (multipart: text, file).
    const answerTo = /^\/api\/user\/offer\/(\d+)\/dispute\/answer$/.exec(path);
    if (method === 'POST' && answerTo) {
      const offer = api.offers.find((o) => o.offerId === Number(answerTo[1]));
      if (!offer) return refuse(404, { message: 'Not found', code: 'offers.not_found' });
      const form = init.body instanceof FormData ? init.body : null;
      const text = String(form?.get('text') ?? '');
      api.calls[api.calls.length - 1]!.body = { text, file: form?.get('file') instanceof File };
      if (text.trim().length < 10) {
        return refuse(400, {
          message: 'Invalid',
          code: 'validation.failed',
          errors: { text: 'validation.reasonTooShort' },
        });
      }
      if (offer.status !== 'disputed' || !offer.settlement || offer.settlement.lawyer_answer) {
        return refuse(409, { message: 'Conflict', code: 'offers.dispute_answered' });
      }
      const next: OfferDto = {
        ...offer,
        settlement: {
          ...offer.settlement,
          lawyer_answer: text,
          lawyer_answered_at: new Date().toISOString(),
          lawyer_answer_has_file: form?.get('file') instanceof File,
        },
      };
      api.offers = api.offers.map((o) => (o === offer ? next : o));
      return answer('POST /api/user/offer/:id/dispute/answer', next);
    }
    const done = /^\/api\/user\/offer\/(\d+)\/done$/.exec(path);
    if (method === 'PUT' && done) {
      return transition(
        'PUT /api/user/offer/:id/done',
        Number(done[1]),
        (s) => s === 'payed',
        (o) => ({ ...o, status: 'done' }),
      );
    }
    const one = /^\/api\/user\/offer\/(\d+)$/.exec(path);
    if (method === 'DELETE' && one)
      return transition('DELETE /api/user/offer/:id', Number(one[1]), canDelete, () => null);
    return refuse(404, { message: 'Not found', code: 'route.not_found' });
  };
  return api;
}

/** Renders a piece of the offers feature with the app's providers, in Polish unless told. */
export function renderWithApp(ui: ReactNode, { language = 'pl' as 'pl' | 'en' } = {}) {
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders i18n={createI18n(language)}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard/offers']}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...view, queryClient };
}
