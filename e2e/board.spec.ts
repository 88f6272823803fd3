import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { csrf, linkIn, signInBrowser, waitForMail, type Session } from './support/api';
import { createActiveLawyer, createCompleteLawyer, type ActiveLawyer } from './support/lawyer';
import { expect, test } from './support/test';

/*
 * Issue 32's journey: a poster posts an urgent request for a Warsaw district court; the substitute
 * who covers the Warsaw regional area sees it live, gets the e-mail and a (recorded) push; one who
 * covers only Kraków gets nothing; a trainee of 3 months does not see a regional-court request and
 * one of 19 months does (both keep their verified licence when they save the training start); the
 * substitute views the parties, confirms there is no conflict and answers; the poster picks and pays
 * in the sandbox; the offer goes on to report (refused before the hearing, accepted once the
 * server's clock is moved past its start), confirmation and payout; the poster writes a reference,
 * the substitute publishes it. Polish at 1280 px for the whole run, the key screens in English and
 * at 375 px.
 */

const WARSAW_SR = 'Sąd Rejonowy dla Warszawy-Śródmieścia w Warszawie';
const WARSAW_SO_ID = 'sad-okregowy-w-warszawie';
const KRAKOW_SO_ID = 'sad-okregowy-w-krakowie';
const MINUTE = 60_000;

const tag = () => Math.random().toString(36).slice(2, 8);

async function browserAs(
  browser: Browser,
  baseURL: string | undefined,
  session: Pick<Session, 'token' | 'user'>,
  options: { locale?: string; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'pl-PL',
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
  const page = await context.newPage();
  await signInBrowser(page, session);
  return { context, page };
}

async function setAlerts(
  request: APIRequestContext,
  lawyer: ActiveLawyer,
  cover: { court_ids?: string[]; area_court_ids?: string[] },
  push: boolean,
): Promise<void> {
  const saved = await request.put('/api/user/alerts', {
    headers: lawyer.headers,
    data: {
      court_ids: cover.court_ids ?? [],
      area_court_ids: cover.area_court_ids ?? [],
      cities: [],
      case_types: [],
      min_fee_net: null,
      channels: { email: true, push, digest: false },
      quiet_hours: null,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  if (!push) return;
  const subscribed = await request.post('/api/user/push-subscriptions', {
    headers: lawyer.headers,
    data: {
      endpoint: `https://push.example.test/${lawyer.profileId}-${tag()}`,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
}

/** The server's clock (outside production it can be moved forward: GET/POST /api/dev/clock). */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const read = await request.get('/api/dev/clock');
  expect(read.status(), await read.text()).toBe(200);
  return new Date(((await read.json()) as { data: { now: string } }).data.now);
}

/** Moves the server's clock forward to just past `at`, instead of waiting for it. */
async function moveServerClockPast(request: APIRequestContext, at: Date): Promise<void> {
  const minutes = Math.ceil((at.getTime() - (await serverNow(request)).getTime()) / MINUTE) + 1;
  const moved = await request.post('/api/dev/clock', { headers: await csrf(request), data: { minutes: Math.max(1, minutes) } });
  expect(moved.status(), await moved.text()).toBe(200);
  expect((await serverNow(request)).getTime()).toBeGreaterThan(at.getTime());
}

/** A trainee saves the training start through the profile, as the form does; the licence stays verified. */
async function saveTrainingStart(request: APIRequestContext, trainee: ActiveLawyer, trainingStart: string): Promise<void> {
  const profile = await request.get('/api/user/profile', { headers: trainee.headers });
  const data = ((await profile.json()) as { data: Record<string, unknown> }).data;
  const saved = await request.put('/api/user/profile', {
    headers: trainee.headers,
    data: {
      firstname: data.firstname,
      lastname: data.lastname,
      phone: '+48 601 234 567',
      permissions: data.permissions,
      licenseNo: data.licenseNo,
      specialization: data.specialization,
      institution: data.institution,
      description: data.description,
      linkedinUrl: '',
      facebookUrl: '',
      jobs: data.jobs,
      references: data.references,
      training_start: trainingStart,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const after = ((await saved.json()) as { data: { training_start: string; licence: { state: string } } }).data;
  expect(after).toMatchObject({ training_start: trainingStart, licence: { state: 'verified' } });
}

/** The trainee's training start, `months` back from this month (YYYY-MM). */
function monthsAgo(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15)).toISOString().slice(0, 7);
}

/** The day (dd.mm.rrrr) and the hour and minutes in Warsaw of the first 5-minute slot after `at`. */
function warsawSlot(at: Date): { date: string; hour: string; minute: string; instant: Date } {
  const slot = new Date(Math.ceil(at.getTime() / (5 * MINUTE)) * 5 * MINUTE);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Warsaw',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(slot)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day}.${parts.month}.${parts.year}`, hour: parts.hour!, minute: parts.minute!, instant: slot };
}

test.describe('the substitution board (issue 32)', () => {
  test('post, alert, check, answer, pick, pay, report, confirm, pay out, reference', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(10 * MINUTE);
    const id = tag();

    // The people: a poster (a complete profile, nothing verified), a Warsaw substitute covering
    // the regional area, a Kraków one, and two trainee legal counsel: three and nineteen months
    // into training.
    const poster = await createCompleteLawyer(request, { firstname: 'Jan', lastname: `Zlecający ${id}`, licenseNo: `WA-3${id.length}${Date.now() % 10000}` });
    const warsaw = await createActiveLawyer(request, { firstname: 'Ewa', lastname: `Warszawska ${id}`, licenseNo: `WA-4${Date.now() % 100000}` });
    const krakow = await createActiveLawyer(request, {
      firstname: 'Adam',
      lastname: `Krakowski ${id}`,
      licenseNo: `KR-5${Date.now() % 100000}`,
      institution: 'oirp-krakow',
    });
    const trainee = await createActiveLawyer(request, {
      firstname: 'Ola',
      lastname: `Aplikantka ${id}`,
      permissions: 'aplikant-radcowski',
      licenseNo: `WA-6${Date.now() % 100000}`,
    });
    await saveTrainingStart(request, trainee, monthsAgo(3));
    const senior = await createActiveLawyer(request, {
      firstname: 'Iga',
      lastname: `Aplikantka ${id}`,
      permissions: 'aplikant-radcowski',
      licenseNo: `WA-7${Date.now() % 100000}`,
    });
    await saveTrainingStart(request, senior, monthsAgo(19));
    await setAlerts(request, warsaw, { area_court_ids: [WARSAW_SO_ID] }, true);
    await setAlerts(request, krakow, { area_court_ids: [KRAKOW_SO_ID] }, false);

    // A regional-court request open to trainees: a 3-month trainee may not take it (18 months).
    const regional = await request.post('/api/board/requests', {
      headers: poster.headers,
      data: {
        court_id: WARSAW_SO_ID,
        division: null,
        starts_at: new Date((await serverNow(request)).getTime() + 72 * 60 * MINUTE).toISOString(),
        mode: 'in_person',
        case_type: 'civil',
        task: `Rozprawa apelacyjna ${id}`,
        professions: ['radca-prawny', 'aplikant-radcowski'],
        fee_net: '300.00',
        auto_assign: false,
        answer_deadline: null,
        case_number: null,
        parties: [{ name: 'Firma X', role: 'powód' }],
      },
    });
    expect(regional.status(), await regional.text()).toBe(201);

    // The Warsaw substitute has the board open before the request is posted.
    const sub = await browserAs(browser, baseURL, warsaw);
    await sub.page.goto('/dashboard/board');
    await expect(sub.page.getByRole('heading', { level: 1, name: 'Tablica zastępstw' })).toBeVisible();
    await expect(sub.page.getByRole('article', { name: /Sąd Okręgowy w Warszawie/ })).toBeVisible();

    // The trainee of 19 months sees the regional-court request (18 months needed) on the board.
    const seniorBoard = await browserAs(browser, baseURL, senior);
    await seniorBoard.page.goto('/dashboard/board');
    await expect(seniorBoard.page.getByRole('heading', { level: 1, name: 'Tablica zastępstw' })).toBeVisible();
    await expect(seniorBoard.page.getByRole('article', { name: /Sąd Okręgowy w Warszawie/ }).filter({ hasText: `Rozprawa apelacyjna ${id}` })).toBeVisible();
    await seniorBoard.context.close();

    // The trainee of 3 months is verified and sees the board, but not the regional-court request.
    const apl = await browserAs(browser, baseURL, trainee, { width: 375 });
    await apl.page.goto('/dashboard/board');
    await expect(apl.page.getByRole('heading', { level: 1, name: 'Tablica zastępstw' })).toBeVisible();
    await expect(apl.page.getByText('Nie ma teraz zleceń dla Ciebie')).toBeVisible();
    await expect(apl.page.getByText(/Tablica jest dla/)).toHaveCount(0);
    await expect(apl.page.getByRole('article', { name: /Sąd Okręgowy w Warszawie/ })).toHaveCount(0);
    await apl.context.close();

    // The poster posts an urgent request (the hearing soon: within 48 hours) through the form. The
    // hearing is half an hour away on the server's clock: time enough to answer, pick and pay.
    const slot = warsawSlot(new Date((await serverNow(request)).getTime() + 30 * MINUTE));
    const post = await browserAs(browser, baseURL, poster);
    await post.page.goto('/dashboard/board/new');
    const form = post.page.getByRole('form', { name: 'Nowe zlecenie zastępstwa' });
    await form.getByRole('combobox', { name: 'Sąd' }).click();
    await post.page.getByPlaceholder('Szukaj...').fill('Warszawy-Śródmieścia');
    await post.page.getByRole('option', { name: WARSAW_SR }).click();
    await form.getByLabel('Wydział').selectOption('I Wydział Cywilny');
    const when = form.getByRole('group', { name: /Data i godzina rozprawy/ });
    await when.getByLabel('Dzień (dd.mm.rrrr)').fill(slot.date);
    await when.getByLabel('Godzina').selectOption(slot.hour);
    await when.getByLabel('Minuty').selectOption(slot.minute);
    await expect(form.getByText(/zlecenie będzie oznaczone jako pilne/)).toBeVisible();
    await form.getByRole('radio', { name: 'Stacjonarnie' }).check();
    await form.getByLabel(/Rodzaj sprawy/).selectOption('civil');
    await form.getByLabel(/Co zastępca ma zrobić/).fill(`Stawiennictwo na rozprawie ${id}.`);
    await form.getByLabel(/Wynagrodzenie netto/).fill('250');
    await expect(form.locator('p', { hasText: 'Brutto z VAT' })).toContainText('307,50');
    await form.getByLabel('Sygnatura akt').fill('I C 123/24');
    await form.getByLabel('Strona 1: imię i nazwisko lub nazwa').fill('Jan Nowak');
    await form.getByLabel('Strona 1: rola').fill('powód');
    await form.getByRole('button', { name: 'Opublikuj zlecenie' }).click();
    await expect(post.page).toHaveURL(/\/dashboard\/board\/mine$/);
    await expect(post.page.getByRole('article', { name: new RegExp(WARSAW_SR) })).toBeVisible();

    // Live: the substitute's open board shows it without a reload, marked urgent.
    const card = sub.page.getByRole('article', { name: new RegExp(WARSAW_SR) });
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText('Pilne')).toBeVisible();
    await expect(card).not.toContainText('I C 123/24');
    await expect(card).not.toContainText('Jan Nowak');

    // The alerts: an e-mail and a push to the Warsaw substitute, nothing to Kraków.
    const alert = await waitForMail(request, warsaw.email, /nowe zlecenie zastępstwa/);
    expect(alert.subject).toContain(WARSAW_SR);
    await expect
      .poll(async () => {
        const pushes = await request.get('/api/dev/push');
        const list = ((await pushes.json()) as { data: { payload: { url: string } }[] }).data;
        return list.some((p) => p.payload.url.startsWith('/dashboard/board?request='));
      }, { timeout: 60_000 })
      .toBe(true);
    const kraków = await request.get(`/api/dev/mail?to=${encodeURIComponent(krakow.email)}`);
    expect(await kraków.text()).not.toContain(WARSAW_SR);

    // The conflict check in two steps: the parties viewed (recorded), then no conflict confirmed
    // (recorded with its time); only then the answer: accept the fee.
    await card.getByRole('button', { name: 'Sprawdź konflikt i odpowiedz' }).click();
    const dialog = sub.page.getByRole('dialog');
    await expect(dialog.getByText(/zlecający zobaczy, kto i kiedy je wyświetlił/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Pokaż strony postępowania' }).click();
    await expect(dialog.getByText('Jan Nowak')).toBeVisible();
    await expect(dialog.getByRole('form', { name: 'Odpowiedź na zlecenie' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Potwierdzam: nie zachodzi konflikt interesów' }).click();
    await expect(dialog.getByText(/Brak konfliktu interesów potwierdzony: /)).toBeVisible();
    await dialog.getByLabel('Wiadomość do zlecającego (opcjonalnie)').fill('Będę 20 minut wcześniej.');
    await dialog.getByRole('button', { name: 'Wyślij odpowiedź' }).click();
    // The dialog closes; the card says what was answered.
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Twoja odpowiedź: przyjmujesz stawkę');

    // The poster sees the check (viewed, confirmed) and the answer live, picks, and lands on the
    // prefilled payment step.
    const mine = post.page.getByRole('article', { name: new RegExp(WARSAW_SR) });
    const checks = mine.getByRole('region', { name: 'Sprawdzenie konfliktu interesów' });
    await expect(checks).toContainText(warsaw.fullname, { timeout: 60_000 });
    await expect(checks).toContainText(/strony wyświetlone .+ · brak konfliktu potwierdzony /);
    await mine.getByRole('button', { name: `Wybierz: ${warsaw.fullname}` }).click();
    await expect(post.page).toHaveURL(new RegExp(`/u/${warsaw.seolink}\\?o=`));
    await post.page.getByRole('button', { name: 'Nawiąż współpracę' }).click();
    const invoice = post.page.getByRole('form', { name: 'Formularz danych do faktury' });
    await expect(invoice.getByLabel('Adres e-mail')).toHaveValue(poster.email);
    // The poster has no invoice data (no office address): the grantor is left for them to fill.
    await invoice.getByLabel('NIP').fill('7792364275');
    await expect(invoice.getByLabel('Miejscowość')).toHaveValue('Poznań');
    await invoice.getByRole('checkbox', { name: /politykę prywatności/ }).check();
    await invoice.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await post.page.getByRole('button', { name: 'Zapłać' }).click();
    await expect(post.page.getByRole('heading', { level: 1, name: 'Twoje zlecenie zostało zarejestrowane!' })).toBeVisible();
    await waitForMail(request, warsaw.email, /Nowe opłacone zlecenie/);

    // The offer goes on as any: the report once the hearing has started, confirmation, payout. A
    // report before the hearing is refused; the server's clock is then moved past the hearing's
    // start instead of waiting for it.
    const offers = await request.get('/api/user/offer', { headers: warsaw.headers });
    const offer = ((await offers.json()) as { data: { offerId: number; status: string }[] }).data[0]!;
    expect(offer.status).toBe('payed');
    const report = () =>
      request.put(`/api/user/offer/${offer.offerId}/done`, {
        headers: warsaw.headers,
        data: { outcome: 'held', notes: 'Rozprawa odbyła się.' },
      });
    const early = await report();
    expect(early.status()).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'offers.report_before_hearing' });
    await moveServerClockPast(request, slot.instant);
    const reported = await report();
    expect(reported.status(), await reported.text()).toBe(200);
    const done = await waitForMail(request, poster.email, /zrealizowane/);
    const accept = await browser.newContext({ locale: 'pl-PL' });
    const client = await accept.newPage();
    await client.goto(linkIn(done, /\/offer\/accept\//));
    await client.getByRole('button', { name: 'Potwierdzam wykonanie usługi' }).click();
    // The confirmation is asked first (issue 34).
    await client.getByRole('alertdialog').getByRole('button', { name: 'Tak, potwierdzam' }).click();
    await expect(client.getByRole('heading', { level: 1, name: 'Usługa została oznaczona jako zaakceptowana!' })).toBeVisible();
    await accept.close();
    await waitForMail(request, warsaw.email, /Wypłata za zlecenie/);

    // The poster writes a reference (English, on a phone) and the substitute publishes it.
    const phone = await browserAs(browser, baseURL, poster, { locale: 'en-GB', width: 375 });
    await phone.page.goto('/en/dashboard/board/mine');
    const paid = phone.page.getByRole('article', { name: new RegExp(WARSAW_SR) });
    await paid.getByLabel('Reference for the substitute').fill(`Punctual and precise ${id}.`);
    await paid.getByRole('button', { name: 'Save the reference' }).click();
    await expect(paid.getByText(`„Punctual and precise ${id}.”`)).toBeVisible();
    await paid.getByRole('button', { name: 'Add to favourite substitutes' }).click();
    await expect(paid.getByRole('button', { name: 'Remove from favourite substitutes' })).toBeVisible();
    await phone.context.close();

    // The substitute publishes it on the references page; the public page shows it.
    await sub.page.goto('/dashboard/references');
    const toggle = sub.page.getByRole('switch', { name: 'Pokaż na wizytówce' });
    await expect(sub.page.getByText(`Punctual and precise ${id}.`)).toBeVisible();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await sub.page.goto(`/u/${warsaw.seolink}`);
    await expect(sub.page.getByText(`Punctual and precise ${id}.`)).toBeVisible();
    await expect(sub.page.getByText(/Potwierdzone zrealizowanym zleceniem/)).toBeVisible();

    await sub.context.close();
    await post.context.close();
  });

  test('the board in English on a phone: the empty state of an account that is not verified, and posting', async ({
    browser,
    request,
    baseURL,
  }) => {
    const employee = await createCompleteLawyer(request, { firstname: 'Maria', lastname: `Kancelaryjna ${tag()}` });
    const { context, page } = await browserAs(browser, baseURL, employee, { locale: 'en-GB', width: 375 });
    await page.goto('/en/dashboard/board');
    await expect(page.getByRole('heading', { name: 'The board is for verified substitutes' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Post a request' }).first().click();
    await expect(page.getByRole('form', { name: 'New substitution request' })).toBeVisible();
    await page.getByRole('button', { name: 'Post the request' }).click();
    await expect(page.getByText('Choose a court from the list').first()).toBeVisible();
    await context.close();
  });
});
