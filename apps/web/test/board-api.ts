import type {
  BoardLawyerCard,
  BoardRequestCard,
  BoardRequestDetail,
  BoardResponse,
  MyBoardRequest,
} from '@substytut/shared/contract/board';
import { completeProfile } from './dashboard-api';
import { successStatusOf, type ApiAnswer, type ApiRoute } from '@substytut/shared/contract/routes';
import { stubFetch, type StubAnswer, type StubRoutes } from './fetch-stub';

/** Board answers as the API gives them (contract/board.ts), for the board's component tests. */

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

export function lawyer(overrides: Partial<BoardLawyerCard> = {}): BoardLawyerCard {
  return {
    profile_id: 7,
    name: 'Anna Zastępczyni',
    photo_url: null,
    seolink: 'anna-zastepczyni',
    verified: true,
    profession: 'adwokat',
    chamber: 'ia-warszawa',
    ...overrides,
  };
}

export function boardCard(overrides: Partial<BoardRequestCard> = {}): BoardRequestCard {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    state: 'open',
    urgent: true,
    court_id: 'sad-rejonowy-dla-warszawy-srodmiescia-w-warszawie',
    court_name: 'Sąd Rejonowy dla Warszawy-Śródmieścia w Warszawie',
    court_city: 'Warszawa',
    division: 'I Wydział Cywilny',
    starts_at: inHours(30),
    mode: 'in_person',
    case_type: 'civil',
    task: 'Stawiennictwo na rozprawie, złożenie wniosku dowodowego.',
    professions: ['adwokat', 'radca-prawny'],
    fee_net: '250.00',
    fee_gross: '307.50',
    auto_assign: false,
    answer_deadline: inHours(28),
    created_at: inHours(-1),
    poster: lawyer({ profile_id: 3, name: 'Jan Zlecający', seolink: 'jan-zlecajacy' }),
    conflict_check: null,
    my_response: null,
    assigned_to_me: false,
    ...overrides,
  };
}

export function boardDetail(overrides: Partial<BoardRequestDetail> = {}): BoardRequestDetail {
  return { ...boardCard(), case_number: null, parties: null, offer: null, ...overrides };
}

export function boardResponse(overrides: Partial<BoardResponse> = {}): BoardResponse {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    price_net: null,
    agreed_net: '250.00',
    agreed_gross: '307.50',
    message: '',
    created_at: inHours(-0.5),
    updated_at: inHours(-0.5),
    substitute: { ...lawyer(), completed_count: 4, references: [], favourite: false },
    ...overrides,
  };
}

export function myRequest(overrides: Partial<MyBoardRequest> = {}): MyBoardRequest {
  return {
    ...boardDetail({
      poster: lawyer({ profile_id: 3, name: 'Jan Zlecający' }),
      case_number: 'I C 123/24',
      parties: [{ name: 'Jan Nowak', role: 'powód' }],
    }),
    responses: [],
    views: [],
    assigned_response_id: null,
    pay_by: null,
    hidden_reason: null,
    reference: null,
    ...overrides,
  };
}

/** A stub's success of `route`, with the status the route answers (200 or 201). */
export function ok<R extends ApiRoute>(route: R, data: ApiAnswer<R>): StubAnswer<R> {
  return { status: successStatusOf(route) as 200 | 201, body: { data } };
}

/** The API of a verified substitute's dashboard, plus the routes a test names. */
export function boardApi(routes: StubRoutes = {}) {
  return stubFetch({
    'GET /api/user/profile': ok(
      'GET /api/user/profile',
      completeProfile({
        status: 'active',
        offer_requirements: { profile_active: true, payment_account: true, licence_verified: true },
      }),
    ),
    ...routes,
  });
}

/**
 * A fetch that also serves GET /api/board/events as a stream the test writes to, the way the
 * API sends server-sent events.
 */
export function withBoardEvents(fetchImpl: typeof fetch) {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let connections = 0;
  const encoder = new TextEncoder();
  const events = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://localhost').pathname !== '/api/board/events') return fetchImpl(input, init);
    connections += 1;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return {
    fetch: events,
    connections: () => connections,
    /** Sends one block as the server writes it. */
    send: (text: string) => controller?.enqueue(encoder.encode(text)),
  };
}
