import type { PublicOfferDto, PublicProfileDto } from '@substytut/shared';
import { act, cleanup, configure, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../test/browser-gaps';
import { myRequest } from '../../../../test/board-api';
import { completeProfile } from '../../../../test/dashboard-api';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';
import { externalNavigation } from '@/lib/external-navigation';
import { lastOfferPage } from '@/lib/last-offer';
import { clearSession, setSession } from '@/lib/session';
import { invoiceForm } from '../lib/invoice-form-loader';
import { profileView } from '../lib/profile-view';
import { useMinDelay } from '../lib/use-min-delay';
import { MIN_LOADING_MS } from './public-profile';

// The machine running the suite may be busy: lazy routes and answers can take a while to appear.
configure({ asyncUtilTimeout: 15_000 });
// What these waits wait for shows in the document, and a change to it re-checks at once (Testing
// Library's MutationObserver): the timed re-check is only a fallback, 250 ms apart instead of 50.
const LOAD = { timeout: 15_000, interval: 250 };

function offer(overrides: Partial<PublicOfferDto> = {}): PublicOfferDto {
  return {
    title: 'Rozprawa w SR Kraków',
    description: '',
    price: '100.00',
    price_brutto: '123.00',
    expireDate: '2099-12-31',
    status: 'active',
    offerUrl: 'oferta-abc',
    cardUrl: null,
    error: false,
    hearing: null,
    ...overrides,
  };
}

function profile(overrides: Partial<PublicProfileDto> = {}): PublicProfileDto {
  return {
    licence: { method: 'register', register: 'advocates', verified_at: '2026-11-24T10:00:00.000Z' },
    firstname: 'Jan',
    lastname: 'Kowalski',
    fullname: 'Jan Kowalski',
    phone: '48601234567',
    email: 'jan@kowalski.pl',
    permissions: 'radca-prawny',
    licenseNo: 'WA-12345',
    specialization: ['prawo-cywilne'],
    institution: 'oirp-warszawa',
    imageUrl: 'profile/jan.webp',
    cvUrl: 'cv/jan.pdf',
    cardUrl: null,
    linkedinUrl: 'https://www.linkedin.com/in/jan-kowalski',
    facebookUrl: null,
    seolink: 'jan-kowalski',
    description: 'Zastępstwa procesowe w sprawach cywilnych.',
    jobs: [
      {
        positionName: 'Radca prawny',
        employerName: 'Kancelaria Nowak',
        monthStart: '1',
        yearStart: '2020',
        monthEnd: '',
        yearEnd: '',
        stillWorking: true,
      },
      {
        positionName: 'Aplikant',
        employerName: 'OIRP Warszawa',
        monthStart: '10',
        yearStart: '2016',
        monthEnd: '12',
        yearEnd: '2019',
        stillWorking: false,
      },
    ],
    references: [{ author: 'Anna Nowak', description: 'Rzetelne zastępstwo.' }],
    board_references: [],
    offer: offer(),
    ...overrides,
  };
}

const COMPANY = {
  name: 'KANCELARIA ADWOKACKA NOWAK I WSPÓLNICY',
  street: 'ul. Święty Marcin',
  propertyNumber: '29',
  apartmentNumber: '8',
  city: 'Poznań',
  zipCode: '61-806',
};

type Stub = ReturnType<typeof stubFetch>;
let stub: Stub;

function serve(data: PublicProfileDto | null, more: Parameters<typeof stubFetch>[0] = {}) {
  stub = stubFetch({
    'GET /api/public/profile/:seolink': data
      ? { body: { data } }
      : { status: 404, body: { message: 'Not found', code: 'profile.not_found' } },
    'GET /api/csrf-cookie': { status: 204 },
    ...more,
  });
  vi.stubGlobal('fetch', stub.fetch);
}

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  sessionStorage.clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/**
 * The page as a visitor opens it without the server's data: the loading screen for its full second
 * (spec 9), then the card. The second passes on the test's clock (`useMinDelay`'s own tests above
 * check its length), not the wall's: Vitest's fake `setTimeout` only, still advancing with real
 * time, from the first render until the card shows.
 */
async function openStepOne(url = '/u/jan-kowalski?o=oferta-abc') {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    const view = renderApp(url);
    expect((await screen.findAllByText(/^(Ładowanie|Loading)\.\.\.$/, {}, LOAD)).length).toBeGreaterThan(0);
    await act(() => vi.advanceTimersByTimeAsync(MIN_LOADING_MS));
    await screen.findByRole('heading', { level: 1, name: 'Jan Kowalski' }, LOAD);
    return view;
  } finally {
    vi.useRealTimers();
  }
}

async function openStepTwo(user: ReturnType<typeof userEvent.setup>) {
  await openStepOne();
  await user.click(screen.getByRole('button', { name: 'Nawiąż współpracę' }));
  // The form's code loads on this click.
  return screen.findByRole('form', { name: 'Formularz danych do faktury' }, LOAD);
}

describe('useMinDelay', () => {
  it('keeps the loading screen for a full second', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useMinDelay(1000));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(999));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});

describe('useMinDelay after a wait elsewhere', () => {
  it('is over from the first render when the server already waited', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useMinDelay(1000, true));
    expect(result.current).toBe(true);
  });
});

describe('public lawyer page rendered by the server (decision 016)', () => {
  it('shows the profile its loader gave at once: no loading screen, no wait for the API', async () => {
    // The API never answers: what shows can only be the data sent with the page.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const served = profile();
    renderApp('/u/jan-kowalski?o=oferta-abc', {
      loaderData: {
        'public-profile': { profile: served, offerUrl: 'oferta-abc', view: profileView(served, 'pl') },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Jan Kowalski' }, LOAD);
    expect(screen.queryByText('Ładowanie...')).toBeNull();
    expect(screen.getByRole('button', { name: 'Nawiąż współpracę' })).toBeEnabled();
  });

  it('names the offer in the link preview and the lawyer page as the canonical address', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const served = profile({ offer: offer({ cardUrl: 'card/oferta-abc.png' }) });
    renderApp('/u/jan-kowalski?o=oferta-abc', {
      loaderData: {
        'public-profile': { profile: served, offerUrl: 'oferta-abc', view: profileView(served, 'pl') },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Jan Kowalski' }, LOAD);
    const meta = (selector: string, attribute = 'content') =>
      document.head.querySelector(selector)?.getAttribute(attribute) ??
      document.querySelector(selector)?.getAttribute(attribute);
    await waitFor(() => expect(document.title).toBe('Jan Kowalski | Substytut'));
    expect(meta('link[rel="canonical"]', 'href')).toMatch(/\/pl\/u\/jan-kowalski$/);
    expect(meta('meta[property="og:image"]')).toMatch(/\/storage\/card\/oferta-abc\.png$/);
    expect(meta('meta[name="description"]')).toMatch(
      /^Rozprawa w SR Kraków: 123,00\s?zł brutto\. Zastępstwa/,
    );
  });
});

describe('profileView (decision 071: what the public page shows, worded by its loader)', () => {
  const worded = () =>
    profile({
      specialization: ['prawo-cywilne', 'prawo-gospodarcze'],
      institution: 'ia-warszawa',
      // 23:30 UTC on 29 March is 01:30 CEST on the 30th in Warsaw.
      licence: { method: 'register', register: 'advocates', verified_at: '2026-03-29T23:30:00.000Z' },
      jobs: [
        { ...profile().jobs[0]!, monthStart: '3', yearStart: '2019' },
        { ...profile().jobs[1]!, monthStart: '', yearStart: '2015', monthEnd: '12', yearEnd: '2018' },
      ],
      board_references: [{ text: 'Dziękuję', month: '2026-03' }],
      offer: offer({
        price: '1000.00',
        price_brutto: '1230.00',
        expireDate: '2026-10-25',
        cardUrl: 'card/oferta-abc.png',
        hearing: {
          court_id: null,
          court_name: 'Sąd Rejonowy w Krakowie',
          court_city: 'Kraków',
          division: null,
          case_number: null,
          // 01:30 UTC on the autumn change day: 02:30 CET, after the clock went back.
          starts_at: '2026-10-25T01:30:00.000Z',
          mode: null,
          remote_link: null,
          party: null,
        },
      }),
    });

  it('words labels, days, hours and prices in Polish', () => {
    expect(profileView(worded(), 'pl')).toEqual({
      language: 'pl',
      permissions: 'Radca prawny',
      specializations: 'Prawo cywilne, Prawo gospodarcze',
      institution: 'Izba Adwokacka w Warszawie',
      phone: '+48 601 234 567',
      photo: {
        src: '/storage/profile/jan.webp',
        srcSet:
          '/storage/profile/jan.webp?w=192 192w, /storage/profile/jan.webp?w=384 384w, /storage/profile/jan.webp?w=768 768w, /storage/profile/jan.webp 1024w',
      },
      cvHref: '/storage/cv/jan.pdf',
      licenceDay: '30.03.2026',
      jobs: [
        { start: 'marzec 2019', end: null },
        { start: '2015', end: 'grudzień 2018' },
      ],
      boardReferenceMonths: ['marzec 2026'],
      metaImage: '/storage/card/oferta-abc.png',
      offer: {
        price: '1\u00a0000,00\u00a0zł',
        priceBrutto: '1\u00a0230,00\u00a0zł',
        validUntil: '25.10.2026',
        hearingWhen: '25.10.2026, godz. 02:30',
      },
    });
  });

  it('words them in English', () => {
    expect(profileView(worded(), 'en')).toMatchObject({
      language: 'en',
      permissions: 'Legal counsel',
      licenceDay: '30 March 2026',
      jobs: [
        { start: 'March 2019', end: null },
        { start: '2015', end: 'December 2018' },
      ],
      boardReferenceMonths: ['March 2026'],
      offer: {
        price: 'PLN\u00a01,000.00',
        priceBrutto: 'PLN\u00a01,230.00',
        hearingWhen: '25.10.2026 at 02:30',
      },
    });
  });

  it('has no offer for an offer that cannot be paid, and no lines for what the profile lacks', () => {
    const view = profileView(
      profile({
        phone: null,
        imageUrl: null,
        cvUrl: null,
        licence: null,
        permissions: '',
        offer: offer({ error: true, cardUrl: 'card/oferta-abc.png' }),
      }),
      'pl',
    );
    expect(view).toMatchObject({
      phone: '',
      photo: null,
      cvHref: null,
      licenceDay: '',
      permissions: '',
      offer: null,
    });
    // The link preview still shows the offer's card.
    expect(view.metaImage).toBe('/storage/card/oferta-abc.png');
  });
});

describe('the public page’s first load (decision 071)', () => {
  const src = path.resolve(import.meta.dirname, '../../..');
  const valueImports = (file: string) =>
    [
      ...readFileSync(path.join(src, file), 'utf8').matchAll(
        /^import\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms,
      ),
    ].map((match) => match[1]!);

  it.each([
    'features/public-profile/routes/public-profile.tsx',
    'features/public-profile/components/profile-card.tsx',
    'features/public-profile/components/profile-details.tsx',
    'features/public-profile/components/offer-card.tsx',
    'features/public-profile/components/board-references.tsx',
    'features/public-profile/components/step-indicator.tsx',
    'features/public-profile/api/use-poster-prefill.ts',
    'features/public-profile/api/ask-public-profile.ts',
    'features/public-profile/lib/use-profile-view.ts',
    'features/public-profile/lib/invoice-form-loader.ts',
    'features/public-profile/lib/on-demand-loader.ts',
    'components/hearing/hearing-summary-view.tsx',
    'components/profile/profile-story-view.tsx',
    'components/profile/job-text.ts',
  ])('%s imports no dates, money, labels or reference lists, and no request code', (file) => {
    const forbidden = valueImports(file).filter((name) =>
      /date-fns|@substytut\/shared\/(dates|hearing-time|money|phone|storage|reference-data)|lib\/(profile-labels|licence|api-client|use-language)|offer-money|\/(profile-view|poster-prefill|get-public-profile|hearing-summary|profile-story|invoice-form)$/.test(
        name,
      ),
    );
    expect(forbidden).toEqual([]);
  });
});

describe('public lawyer page worded by its loader (decision 071)', () => {
  it('shows the labels, prices and days its loader worded, not its own', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const served = profile({
      offer: offer({
        hearing: {
          court_id: null,
          court_name: 'Sąd Rejonowy w Krakowie',
          court_city: 'Kraków',
          division: null,
          case_number: null,
          starts_at: '2099-03-30T07:30:00.000Z',
          mode: null,
          remote_link: null,
          party: null,
        },
      }),
    });
    const view = profileView(served, 'pl');
    const worded = {
      ...view,
      permissions: 'RADCA (serwer)',
      specializations: 'SPECJALIZACJE (serwer)',
      institution: 'IZBA (serwer)',
      phone: '+48 111 222 333',
      jobs: view.jobs.map(() => ({ start: 'OD (serwer)', end: null })),
      offer: view.offer && {
        ...view.offer,
        price: 'NETTO (serwer)',
        priceBrutto: 'BRUTTO (serwer)',
        validUntil: 'DZIEŃ (serwer)',
        hearingWhen: 'GODZINA (serwer)',
      },
    };
    renderApp('/u/jan-kowalski?o=oferta-abc', {
      loaderData: { 'public-profile': { profile: served, offerUrl: 'oferta-abc', view: worded } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Jan Kowalski' }, LOAD);
    for (const text of ['RADCA (serwer)', 'SPECJALIZACJE (serwer)', 'IZBA (serwer)', '+48 111 222 333'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(/^NETTO \(serwer\)/)).toBeInTheDocument();
    expect(screen.getByText(/^BRUTTO \(serwer\) brutto/)).toBeInTheDocument();
    expect(screen.getByText(/DZIEŃ \(serwer\)/)).toBeInTheDocument();
    expect(screen.getByText(/GODZINA \(serwer\)/)).toBeInTheDocument();
    expect(screen.getAllByText(/\(OD \(serwer\) - obecnie\)$/).length).toBe(served.jobs.length);
  });

  it('words the page itself when its language is not the loader’s', async () => {
    serve(profile());
    const served = profile();
    // Awaited: the page suspends until profile-view.ts has loaded.
    await act(async () => {
      renderApp('/u/jan-kowalski?o=oferta-abc', {
        loaderData: {
          'public-profile': { profile: served, offerUrl: 'oferta-abc', view: profileView(served, 'en') },
        },
      });
    });
    await screen.findByRole('heading', { level: 1, name: 'Jan Kowalski' }, LOAD);
    expect(screen.getByText('Radca prawny', { selector: 'p' })).toBeInTheDocument();
  });
});

describe('public lawyer page, step 1', () => {
  it('shows every part of the card, the offer and the page title', async () => {
    serve(profile());
    await openStepOne();
    expect(stub.callsTo('GET', '/api/public/profile/jan-kowalski')[0]?.path).toBe(
      '/api/public/profile/jan-kowalski?offerUrl=oferta-abc',
    );
    await waitFor(() => expect(document.title).toBe('Jan Kowalski | Substytut'));

    const photo = screen.getByRole('img', { name: 'Zdjęcie: Jan Kowalski' });
    expect(photo).toHaveAttribute('src', '/storage/profile/jan.webp');
    // A phone picks a small copy for the 128 px photo rather than the whole file.
    expect(photo).toHaveAttribute(
      'srcset',
      '/storage/profile/jan.webp?w=192 192w, /storage/profile/jan.webp?w=384 384w, /storage/profile/jan.webp?w=768 768w, /storage/profile/jan.webp 1024w',
    );
    expect(photo).toHaveAttribute('sizes', '128px');
    expect(screen.getByRole('button', { name: 'Zweryfikowany' })).toBeInTheDocument();
    expect(screen.getByText('Radca prawny', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('WA-12345')).toBeInTheDocument();
    const phone = screen.getByRole('link', { name: /\+48 601 234 567/ });
    expect(phone).toHaveAttribute('href', 'tel:+48601234567');
    expect(screen.getByRole('link', { name: /jan@kowalski\.pl/ })).toHaveAttribute(
      'href',
      'mailto:jan@kowalski.pl',
    );
    const cv = screen.getByRole('link', { name: 'Pobierz CV' });
    expect(cv).toHaveAttribute('href', '/storage/cv/jan.pdf');
    expect(cv).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: /Profil LinkedIn/ })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/jan-kowalski',
    );
    expect(screen.getByRole('heading', { name: 'Opis' })).toBeInTheDocument();
    expect(screen.getByText('Radca prawny - Kancelaria Nowak (styczeń 2020 - obecnie)')).toBeInTheDocument();
    expect(
      screen.getByText('Aplikant - OIRP Warszawa (październik 2016 - grudzień 2019)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Referencje' })).toBeInTheDocument();
    expect(screen.getByText('Rzetelne zastępstwo.')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Rozprawa w SR Kraków' })).toBeInTheDocument();
    expect(screen.getByText(/100,00\s*zł/, { selector: 'p' })).toHaveTextContent(/100,00\s*zł netto/);
    expect(screen.getByText(/123,00\s*zł brutto/)).toBeInTheDocument();
    expect(screen.getByText('Wystawiam fakturę VAT', { selector: 'li' })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Etapy zlecenia' });
    expect(within(steps).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
  });

  it('puts the offer (price, hearing) before the profile on a phone: first in the page (issue 34)', async () => {
    serve(profile());
    await openStepOne();
    const name = screen.getByRole('heading', { level: 1, name: 'Jan Kowalski' });
    const offerBox = screen
      .getByRole('button', { name: 'Nawiąż współpracę' })
      .closest('aside') as HTMLElement;
    expect(offerBox.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(offerBox).toHaveClass('contents', 'md:col-start-2');
  });

  it('shows on keyboard focus what the verified badge means and when it was checked', async () => {
    serve(profile());
    await openStepOne();
    act(() => screen.getByRole('button', { name: 'Zweryfikowany' }).focus());
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(
      'Numer wpisu potwierdzony w rejestrze adwokatów i kodem wysłanym na adres e-mail z rejestru 24.11.2026',
    );
    // Screen readers hear the tooltip as the badge's description (the badge is re-rendered once
    // the tooltip's code arrives, so it is looked up again).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Zweryfikowany' })).toHaveAccessibleDescription(
        'Numer wpisu potwierdzony w rejestrze adwokatów i kodem wysłanym na adres e-mail z rejestru 24.11.2026',
      ),
    );
  });

  it('says an administrator confirmed a licence from a certificate, in English too', async () => {
    serve(
      profile({
        licence: { method: 'review', register: 'legal_counsel', verified_at: '2026-11-24T23:30:00.000Z' },
      }),
    );
    await openStepOne('/en/u/jan-kowalski?o=oferta-abc');
    act(() => screen.getByRole('button', { name: 'Verified' }).focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Licence confirmed by an administrator from a chamber certificate on 25 November 2026',
    );
  });

  it('shows no verified badge for a licence nobody confirmed', async () => {
    serve(profile({ licence: null }));
    await openStepOne();
    expect(screen.getByRole('heading', { level: 1, name: 'Jan Kowalski' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zweryfikowany' })).not.toBeInTheDocument();
    expect(screen.queryByText('Zweryfikowany')).not.toBeInTheDocument();
  });

  // Issue 32: published references from jobs through the board, after the lawyer's own ones.
  it('shows published board references as confirmed by a completed job with the month in words', async () => {
    serve(
      profile({
        board_references: [
          { text: 'Rzetelnie i na czas.', month: '2026-11' },
          { text: 'Polecam.', month: '2026-03' },
        ],
      }),
    );
    await openStepOne();
    const own = screen.getByRole('heading', { name: 'Referencje' });
    const section = screen.getByRole('region', { name: 'Referencje ze zleceń' });
    // After the lawyer's own references in the page's order.
    expect(own.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Rzetelnie i na czas.Potwierdzone zrealizowanym zleceniem · listopad 2026',
      'Polecam.Potwierdzone zrealizowanym zleceniem · marzec 2026',
    ]);
    // No stars, no ranking.
    expect(within(section).queryByText(/★|☆|\/ 5/)).not.toBeInTheDocument();
  });

  it('words the board references in English', async () => {
    serve(profile({ board_references: [{ text: 'Great work.', month: '2026-11' }] }));
    await openStepOne('/en/u/jan-kowalski?o=oferta-abc');
    const section = screen.getByRole('region', { name: 'References from completed jobs' });
    expect(section).toHaveTextContent('Confirmed by a completed job · November 2026');
  });

  it('leaves out references, the offer, the button and the steps when there are none', async () => {
    serve(profile({ references: [], offer: null, phone: null, cvUrl: null, linkedinUrl: null }));
    await openStepOne('/u/jan-kowalski');
    expect(screen.queryByRole('heading', { name: 'Referencje' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Referencje ze zleceń' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nawiąż współpracę' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Etapy zlecenia' })).not.toBeInTheDocument();
    expect(screen.queryByText('Wystawiam fakturę VAT')).not.toBeInTheDocument();
    expect(screen.queryByText('Nie znaleziono oferty')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pobierz CV' })).not.toBeInTheDocument();
  });

  it('says so when the offer of the link expired or was paid, and when the link names none', async () => {
    serve(profile({ offer: offer({ error: true, status: 'payed' }) }));
    const first = await openStepOne();
    expect(screen.getByText('Tej oferty nie można już opłacić')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rozprawa w SR Kraków' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nawiąż współpracę' })).not.toBeInTheDocument();
    first.unmount();

    serve(profile({ offer: null }));
    await openStepOne('/u/jan-kowalski?o=nieznana');
    expect(screen.getByText('Nie znaleziono oferty')).toBeInTheDocument();
  });

  it('replaces the address with /404 when the profile cannot be loaded', async () => {
    serve(null);
    // The loading screen's second on the test's clock, as in openStepOne.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { router } = renderApp('/u/jan-kowalski');
    await act(() => vi.advanceTimersByTimeAsync(MIN_LOADING_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'), LOAD);
    vi.useRealTimers();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('public lawyer page, step 2', () => {
  it('opens from "Nawiąż współpracę" at the top and goes back with "Powrót"', async () => {
    const user = userEvent.setup();
    serve(profile());
    const form = await openStepTwo(user);
    expect(form).toBeVisible();
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Dane do faktury' })).toHaveFocus(),
    );
    const steps = screen.getByRole('navigation', { name: 'Etapy zlecenia' });
    expect(within(steps).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('heading', { name: 'Jan Kowalski' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Powrót' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Jan Kowalski' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Formularz danych do faktury' })).not.toBeInTheDocument();
    expect(within(steps).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
  });

  it('says so when the form fails to load, and the next press opens it (decision 061)', async () => {
    const user = userEvent.setup();
    serve(profile());
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The download fails (pointing at the button starts it too) until the network is back.
    const load = invoiceForm.load;
    let offline = true;
    vi.spyOn(invoiceForm, 'load').mockImplementation(() =>
      offline ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : load(),
    );
    await openStepOne();
    const cooperate = screen.getByRole('button', { name: 'Nawiąż współpracę' });
    await user.click(cooperate);
    expect(await screen.findByText('Nie udało się wczytać formularza. Spróbuj ponownie.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(error).toHaveBeenCalledWith('step 2 did not load', expect.any(Error));
    expect(cooperate).toBeEnabled();

    offline = false;
    await user.click(cooperate);
    expect(await screen.findByRole('form', { name: 'Formularz danych do faktury' }, LOAD)).toBeVisible();
    expect(screen.queryByText('Nie udało się wczytać formularza. Spróbuj ponownie.')).not.toBeInTheDocument();
  });

  it('validates as the client types, in Polish, and enables submit only when all is valid', async () => {
    const user = userEvent.setup();
    serve(profile());
    const form = await openStepTwo(user);
    const submit = within(form).getByRole('button', { name: 'Przejdź do płatności' });
    expect(submit).toBeDisabled();

    const nip = within(form).getByLabelText(/^NIP/);
    await user.type(nip, '123');
    expect(await within(form).findByText('NIP musi składać się z 10 cyfr')).toBeInTheDocument();
    await user.clear(nip);
    expect(await within(form).findByText('NIP jest wymagany')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Nazwa firmy/), 'A');
    expect(await within(form).findByText('Nazwa firmy musi mieć co najmniej 2 znaki')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Nazwa firmy/));
    expect(await within(form).findByText('Nazwa firmy jest wymagana')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Ulica i numer/), 'A');
    expect(await within(form).findByText('Ulica musi mieć co najmniej 2 znaki')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Kod pocztowy/), '6180');
    expect(await within(form).findByText('Kod pocztowy musi być w formacie XX-XXX')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Miejscowość/), 'P');
    expect(await within(form).findByText('Miejscowość musi mieć co najmniej 2 znaki')).toBeInTheDocument();
    const email = within(form).getByLabelText(/^Adres e-mail/);
    await user.type(email, 'klient');
    expect(await within(form).findByText('Adres Email jest niepoprawny')).toBeInTheDocument();
    await user.clear(email);
    expect(await within(form).findByText('Adres Email jest wymagany')).toBeInTheDocument();
    const policy = within(form).getByRole('checkbox', { name: /politykę prywatności/ });
    await user.click(policy);
    await user.click(policy);
    expect(await within(form).findByText('Musisz zaakceptować politykę prywatności')).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: /politykę prywatności/ })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(submit).toBeDisabled();

    await user.type(nip, '5260250995');
    await user.type(within(form).getByLabelText(/^Nazwa firmy/), 'Firma');
    await user.type(within(form).getByLabelText(/^Ulica i numer/), 'leja 5');
    const postCode = within(form).getByLabelText(/^Kod pocztowy/);
    await user.clear(postCode);
    await user.type(postCode, '61-806');
    await user.type(within(form).getByLabelText(/^Miejscowość/), 'oznań');
    await user.type(email, 'klient@example.com');
    expect(submit).toBeDisabled();
    await user.click(policy);
    await waitFor(() => expect(submit).toBeEnabled());
    expect(within(form).queryByText(/musi|wymagan|niepoprawny/)).not.toBeInTheDocument();
  });

  // Issue 30, finding 4: control characters and non-characters made an invoice that could never be built.
  it('formats a postcode typed as five digits: 00916 becomes 00-916 (issue 34)', async () => {
    const user = userEvent.setup();
    serve(profile());
    const form = await openStepTwo(user);
    const postCode = within(form).getByLabelText(/^Kod pocztowy/);
    await user.type(postCode, '00916');
    expect(postCode).toHaveValue('00-916');
    await user.tab();
    expect(within(form).queryByText('Kod pocztowy musi być w formacie XX-XXX')).not.toBeInTheDocument();
  });

  it('shows "Do zapłaty" inside the form, right above the pay button (a phone hides the side card\'s)', async () => {
    const user = userEvent.setup();
    serve(profile());
    const form = await openStepTwo(user);
    const submit = within(form).getByRole('button', { name: 'Przejdź do płatności' });
    const total = within(form).getByText('Do zapłaty').parentElement as HTMLElement;
    expect(total).toHaveClass('md:hidden');
    expect(total.nextElementSibling).toBe(submit);
  });

  it('states the court-cancellation fee before paying, on a phone and beside the form (issue 34)', async () => {
    const user = userEvent.setup();
    serve(profile({ offer: { ...offer(), court_cancellation_fee: '30.00' } }));
    const form = await openStepTwo(user);
    const text =
      'Jeśli sąd odwoła rozprawę w dniu terminu, pełnomocnik zachowa opłatę za stawiennictwo: 36,90 zł brutto, a Ty otrzymasz zwrot 86,10 zł.';
    const notes = screen.getAllByText((_, node) => node?.getAttribute('data-testid') === 'court-fee-note');
    expect(notes.map((note) => note.textContent?.replace(/[\u00a0\u202f]/g, ' '))).toEqual([text, text]);
    // On a phone it sits in the form, above the amount and the pay button.
    expect(within(form).getByTestId('court-fee-note')).toHaveClass('md:hidden');
  });

  it('says nothing of a fee when the offer states none', async () => {
    const user = userEvent.setup();
    serve(profile());
    await openStepTwo(user);
    expect(screen.queryByTestId('court-fee-note')).not.toBeInTheDocument();
  });

  it('refuses control characters and non-characters in the invoice data, field by field', async () => {
    const user = userEvent.setup();
    serve(profile());
    const form = await openStepTwo(user);
    const submit = within(form).getByRole('button', { name: 'Przejdź do płatności' });
    await user.type(within(form).getByLabelText(/^NIP/), '5260250995');
    await user.type(within(form).getByLabelText(/^Kod pocztowy/), '61-806');
    await user.type(within(form).getByLabelText(/^Adres e-mail/), 'klient@example.com');
    await user.click(within(form).getByRole('checkbox', { name: /politykę prywatności/ }));
    for (const [label, value] of [
      [/^Nazwa firmy/, 'Kancelaria\u0001Klienta'],
      [/^Ulica i numer/, 'Święty Marcin\u001f 29'],
      [/^Miejscowość/, 'Poznań\uFFFE'],
    ] as const) {
      await user.click(within(form).getByLabelText(label));
      await user.paste(value);
    }
    await waitFor(() =>
      expect(within(form).getAllByText(/^Tekst zawiera niedozwolony znak/)).toHaveLength(3),
    );
    expect(within(form).getByLabelText(/^Nazwa firmy/)).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();
  });

  it('fills the company in from a 10-digit NIP, joining the numbers with a slash', async () => {
    const user = userEvent.setup();
    serve(profile(), { 'POST /api/public/nip': { body: { data: COMPANY } } });
    const form = await openStepTwo(user);
    await user.type(within(form).getByLabelText(/^NIP/), '7792364275');
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Ulica i numer/)).toHaveValue('ul. Święty Marcin 29/8'),
    );
    expect(stub.callsTo('POST', '/api/public/nip').map((c) => c.body)).toEqual([{ nip: '7792364275' }]);
    expect(within(form).getByLabelText(/^Nazwa firmy/)).toHaveValue(COMPANY.name);
    expect(within(form).getByLabelText(/^Kod pocztowy/)).toHaveValue('61-806');
    expect(within(form).getByLabelText(/^Miejscowość/)).toHaveValue('Poznań');
    expect(within(form).getByText(/Uzupełniliśmy dane firmy/)).toBeInTheDocument();
  });

  it('leaves the fields for manual entry when the registry does not know the NIP', async () => {
    const user = userEvent.setup();
    serve(profile(), {
      'POST /api/public/nip': { status: 404, body: { message: 'Not found', code: 'company.not_found' } },
    });
    const form = await openStepTwo(user);
    await user.type(within(form).getByLabelText(/^NIP/), '5260250995');
    expect(await within(form).findByText(/Nie znaleźliśmy firmy o tym numerze NIP/)).toBeInTheDocument();
    const company = within(form).getByLabelText(/^Nazwa firmy/);
    expect(company).toHaveValue('');
    expect(company).toBeEnabled();
    // An invalid checksum is never sent to the registry.
    await user.clear(within(form).getByLabelText(/^NIP/));
    await user.type(within(form).getByLabelText(/^NIP/), '1234567890');
    expect(await within(form).findByText('Niepoprawny numer NIP')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/public/nip')).toHaveLength(1);
  });

  async function fillValid(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
    await user.type(within(form).getByLabelText(/^NIP/), '5260250995');
    await user.type(within(form).getByLabelText(/^Nazwa firmy/), 'Kancelaria Klienta');
    await user.type(within(form).getByLabelText(/^Ulica i numer/), 'Prosta 20/4');
    await user.type(within(form).getByLabelText(/^Kod pocztowy/), '00-850');
    await user.type(within(form).getByLabelText(/^Miejscowość/), 'Warszawa');
    await user.type(within(form).getByLabelText(/^Adres e-mail/), 'klient@example.com');
    await user.click(within(form).getByRole('checkbox', { name: /politykę prywatności/ }));
  }

  it('refreshes the anti-forgery cookie, then sends the data and goes to the payment page', async () => {
    const user = userEvent.setup();
    const go = vi.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
    serve(profile(), {
      'POST /api/public/nip': { status: 404, body: { message: 'Not found', code: 'company.not_found' } },
      'POST /api/public/profile/:seolink/payment/:offerUrl': {
        body: { data: { payLink: 'http://localhost/payments/sandbox/checkout?token=t1' } },
      },
    });
    const form = await openStepTwo(user);
    await fillValid(user, form);
    const csrfBefore = stub.callsTo('GET', '/api/csrf-cookie').length;
    await user.click(within(form).getByRole('button', { name: 'Przejdź do płatności' }));

    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('http://localhost/payments/sandbox/checkout?token=t1'),
    );
    const button = within(form).getByRole('button', { name: 'Przekierowywanie do płatności...' });
    expect(button).toBeDisabled();
    const paths = stub.calls.map((c) => `${c.method} ${c.path}`);
    const post = paths.lastIndexOf('POST /api/public/profile/jan-kowalski/payment/oferta-abc');
    expect(paths.lastIndexOf('GET /api/csrf-cookie')).toBeLessThan(post);
    expect(stub.callsTo('GET', '/api/csrf-cookie').length).toBeGreaterThan(csrfBefore);
    expect(stub.calls[post]?.body).toEqual({
      nip: '5260250995',
      company: 'Kancelaria Klienta',
      street: 'Prosta 20/4',
      postCode: '00-850',
      city: 'Warszawa',
      email: 'klient@example.com',
      policyConfirm: true,
      invoice: true,
      phone: '',
      firstname: '',
      lastname: '',
      locale: 'pl',
      grantor: null,
    });
    expect(lastOfferPage()).toBe('/u/jan-kowalski?o=oferta-abc');
  });

  it('sends the grantor the client names, and shows the server’s word on it under its field', async () => {
    const user = userEvent.setup();
    vi.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
    serve(profile(), {
      'POST /api/public/nip': { status: 404, body: { message: 'Not found', code: 'company.not_found' } },
      'POST /api/public/profile/:seolink/payment/:offerUrl': {
        status: 400,
        body: {
          message: 'Popraw zaznaczone pola',
          code: 'validation.failed',
          errors: { 'grantor.professional_type': 'validation.grantorMismatch' },
        },
      },
    });
    const form = await openStepTwo(user);
    await fillValid(user, form);
    const submit = within(form).getByRole('button', { name: 'Przejdź do płatności' });
    await user.click(within(form).getByRole('checkbox', { name: /udzielam substytucji/ }));
    const grantor = within(form).getByRole('group', { name: 'Udzielający substytucji' });
    // Ticked, the grantor's four fields are required.
    await waitFor(() => expect(submit).toBeDisabled());
    await user.type(within(grantor).getByLabelText(/^Imię i nazwisko/), 'Anna Nowak');
    await user.selectOptions(within(grantor).getByLabelText(/^Zawód/), 'Adwokat');
    const licenceNo = within(grantor).getByLabelText(/^Numer wpisu na listę/);
    await user.type(licenceNo, '1234');
    await user.type(within(grantor).getByLabelText(/^Adres kancelarii/), 'ul. Prosta 20, 00-850 Warszawa');
    // The entry number follows the register's rules for the grantor's profession, as on a profile.
    expect(
      await within(grantor).findByText(
        'Podaj numer wpisu adwokata w formacie IZBA/Adw/numer, np. WAW/Adw/4150',
      ),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(licenceNo);
    await user.type(licenceNo, 'WAW/Adw/1234');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(
      await within(grantor).findByText(
        'Aplikanta adwokackiego upoważnia adwokat, a aplikanta radcowskiego — radca prawny',
      ),
    ).toBeInTheDocument();
    const post = stub.callsTo('POST', '/api/public/profile/jan-kowalski/payment/oferta-abc').at(-1);
    expect(post?.body).toMatchObject({
      grantor: {
        name: 'Anna Nowak',
        professional_type: 'adwokat',
        license_no: 'WAW/Adw/1234',
        office_address: 'ul. Prosta 20, 00-850 Warszawa',
      },
    });
    // Unticked, nothing of it is checked or sent.
    await user.click(within(form).getByRole('checkbox', { name: /udzielam substytucji/ }));
    expect(within(form).queryByRole('group', { name: 'Udzielający substytucji' })).not.toBeInTheDocument();
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('shows an alert on a failed payment request and keeps what was typed', async () => {
    const user = userEvent.setup();
    const go = vi.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
    serve(profile(), {
      'POST /api/public/nip': { status: 404, body: { message: 'Not found', code: 'company.not_found' } },
      'POST /api/public/profile/:seolink/payment/:offerUrl': {
        status: 500,
        body: { message: 'Internal error', code: 'internal' },
      },
    });
    const form = await openStepTwo(user);
    await fillValid(user, form);
    await user.click(within(form).getByRole('button', { name: 'Przejdź do płatności' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Błąd serwera spróbuj później');
    expect(go).not.toHaveBeenCalled();
    expect(within(form).getByLabelText(/^Nazwa firmy/)).toHaveValue('Kancelaria Klienta');
    expect(within(form).getByLabelText(/^Adres e-mail/)).toHaveValue('klient@example.com');
    expect(within(form).getByRole('button', { name: 'Przejdź do płatności' })).toBeEnabled();
  });
});

describe('public lawyer page, the poster’s own data (issue 32)', () => {
  afterEach(() => {
    clearSession();
  });

  const INVOICE = {
    invoice_nip: '7792364275',
    invoice_company: 'Kancelaria Zlecającego',
    invoice_street: 'ul. Prosta 20',
    invoice_postcode: '00-850',
    invoice_city: 'Warszawa',
    invoice_bank_account: null,
  };

  function servePoster(offerUrl: string) {
    serve(profile(), {
      'GET /api/user/board/requests': {
        body: {
          data: {
            items: [
              myRequest({
                offer: {
                  offerUrl,
                  seolink: 'jan-kowalski',
                  payment_path: `/u/jan-kowalski?o=${offerUrl}`,
                  offer_status: 'active',
                },
              }),
            ],
          },
        },
      },
      'GET /api/user/profile': { body: { data: completeProfile({ email: 'zlecajacy@example.com' }) } },
      'GET /api/user/profile/invoice': { body: { data: INVOICE } },
    });
  }

  it('fills step 2 with the signed-in poster’s invoice data when their board request became this offer', async () => {
    const user = userEvent.setup();
    setSession('tok', { email: 'zlecajacy@example.com' });
    servePoster('oferta-abc');
    const form = await openStepTwo(user);
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Nazwa firmy/)).toHaveValue('Kancelaria Zlecającego'),
    );
    expect(within(form).getByLabelText(/^NIP/)).toHaveValue('7792364275');
    expect(within(form).getByLabelText(/^Miejscowość/)).toHaveValue('Warszawa');
    expect(within(form).getByLabelText(/^Adres e-mail/)).toHaveValue('zlecajacy@example.com');
    expect(stub.callsTo('GET', '/api/user/board/requests')).toHaveLength(1);
  });

  it('asks nothing of a visitor who is not signed in, and fills nothing for another offer', async () => {
    const user = userEvent.setup();
    servePoster('oferta-abc');
    let form = await openStepTwo(user);
    expect(within(form).getByLabelText(/^Nazwa firmy/)).toHaveValue('');
    expect(stub.callsTo('GET', '/api/user/board/requests')).toEqual([]);
    cleanup();

    setSession('tok', { email: 'zlecajacy@example.com' });
    servePoster('inna-oferta');
    form = await openStepTwo(user);
    await waitFor(() => expect(stub.callsTo('GET', '/api/user/board/requests')).toHaveLength(1));
    expect(stub.callsTo('GET', '/api/user/profile/invoice')).toEqual([]);
    expect(within(form).getByLabelText(/^Nazwa firmy/)).toHaveValue('');
  });
});
