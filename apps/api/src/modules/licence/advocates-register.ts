import { createHash } from 'node:crypto';
import { licenceRegisterOf, parseAdvocateNo, sameLicenceNo } from '@substytut/shared';
import { parse, type HTMLElement } from 'node-html-parser';
import type { DbOrTx } from '../../db/client.ts';
import type { LicenceEvidence, LicenceQuery, LicenceRegisterPort, RegisterVerdict } from './licence.port.ts';
import { advocateVerdict, legalCounselVerdict, type AdvocateEntry } from './register-verdict.ts';
import { REGISTER_REQUEST_INTERVAL_MS, takeRegisterSlot } from './register-throttle.ts';

/** Another instance asked the register less than the crawl delay ago: ask again later. */
export class RegisterBusyError extends Error {
  constructor() {
    super('licence register: the shared request slot is taken');
    this.name = 'RegisterBusyError';
  }
}

export interface AdvocatesRegisterOptions {
  db: DbOrTx;
  /** https://rejestradwokatow.pl, or a local fake in tests */
  baseUrl: string;
  timeoutMs: number;
  intervalMs?: number;
  /** the real pause before the entry's own page after a search (the crawl delay; 0 in tests) */
  pageDelayMs?: number;
}

const REGISTER = 'advocates';
const USER_AGENT = 'Substytut licence check (+https://substytut.pl; 1 request / 10 s)';

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const fold = (text: string) => clean(text).toLowerCase().replace(/:$/, '');

// Column and label names as the register writes them, folded; several spellings are accepted.
const FIELDS = {
  lastname: ['nazwisko'],
  firstname: ['imię', 'imie'],
  secondName: ['drugie imię', 'drugie imie'],
  licenseNo: ['numer wpisu', 'nr wpisu'],
  chamber: ['izba adwokacka', 'izba'],
  status: ['status'],
  // Issue 32: a trainee's date of entry on the list of trainees (reconstructed label, see the
  // fixtures' README).
  traineeListSince: ['data wpisu na listę aplikantów', 'data wpisu na liste aplikantow', 'data wpisu'],
} as const;
type Field = keyof typeof FIELDS;

function fieldOf(label: string): Field | null {
  const folded = fold(label);
  for (const [field, names] of Object.entries(FIELDS) as [Field, readonly string[]][]) {
    if (names.includes(folded)) return field;
  }
  return null;
}

/** 'YYYY-MM' of a date written 'YYYY-MM-DD' or 'DD.MM.YYYY'; null for anything else. */
export function monthOfRegisterDate(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  const iso = /^(\d{4})-(\d{2})-\d{2}$/.exec(value);
  const dotted = /^\d{1,2}\.(\d{1,2})\.(\d{4})$/.exec(value);
  const [year, month] = iso ? [iso[1], iso[2]] : dotted ? [dotted[2], dotted[1]!.padStart(2, '0')] : [null, null];
  return year && month && Number(month) >= 1 && Number(month) <= 12 ? `${year}-${month}` : null;
}

function entryFrom(values: Partial<Record<Field, string>>): AdvocateEntry | null {
  if (!values.lastname || !values.licenseNo) return null;
  const since = monthOfRegisterDate(values.traineeListSince);
  return {
    ...(since ? { traineeListSince: since } : {}),
    firstnames: clean(`${values.firstname ?? ''} ${values.secondName ?? ''}`),
    lastname: values.lastname,
    licenseNo: values.licenseNo,
    chamber: values.chamber ?? '',
    status: values.status ?? '',
  };
}

/** The rows of a results table whose header names the register's columns; null: no such table. */
function entriesFromTables(root: HTMLElement): AdvocateEntry[] | null {
  let entries: AdvocateEntry[] | null = null;
  for (const table of root.querySelectorAll('table')) {
    const rows = table.querySelectorAll('tr');
    const header = rows.find((row) => row.querySelectorAll('th').length > 0);
    if (!header) continue;
    const columns = header.querySelectorAll('th').map((th) => fieldOf(th.text));
    if (!columns.includes('lastname') || !columns.includes('licenseNo')) continue;
    entries ??= [];
    for (const row of rows) {
      const cells = row.querySelectorAll('td');
      if (cells.length === 0) continue;
      const values: Partial<Record<Field, string>> = {};
      cells.forEach((cell, i) => {
        const field = columns[i];
        if (field) values[field] = clean(cell.text);
      });
      const entry = entryFrom(values);
      const link = row.querySelector('a[href]')?.getAttribute('href');
      if (entry) entries.push(link ? { ...entry, profilePath: link } : entry);
    }
  }
  return entries;
}

// A label and the element holding its value.
const PAIRS: Record<string, string> = { DT: 'DD', TH: 'TD' };

/**
 * The contacts an entry's own page lists (issue 30). The register writes no e-mail address into
 * the page: an element carries its two halves in data attributes (data-ea="user",
 * data-eb="example.com") and a script joins them; the phone is a plain label/value pair.
 */
function contactsFrom(root: HTMLElement): Pick<AdvocateEntry, 'email' | 'phone'> {
  const split = root.querySelector('[data-ea][data-eb]');
  const user = split?.getAttribute('data-ea')?.trim() ?? '';
  const domain = split?.getAttribute('data-eb')?.trim() ?? '';
  let phone: string | null = null;
  for (const label of root.querySelectorAll('dt, th')) {
    const value = label.nextElementSibling;
    if (!phone && value && PAIRS[label.tagName] === value.tagName && /^telefon/.test(fold(label.text)))
      phone = clean(value.text) || null;
  }
  return { email: user && domain ? `${user}@${domain}` : null, phone };
}

/** An entry page: label/value pairs (dt/dd, or th/td in one row), with its contacts. */
function entryFromLabels(root: HTMLElement): AdvocateEntry | null {
  const values: Partial<Record<Field, string>> = {};
  for (const label of root.querySelectorAll('dt, th')) {
    const field = fieldOf(label.text);
    const value = label.nextElementSibling;
    if (!field || values[field] || !value || PAIRS[label.tagName] !== value.tagName) continue;
    values[field] = clean(value.text);
  }
  const entry = entryFrom(values);
  if (!entry) return null;
  const contacts = contactsFrom(root);
  return {
    ...entry,
    ...(contacts.email ? { email: contacts.email } : {}),
    ...(contacts.phone ? { phone: contacts.phone } : {}),
  };
}

/** Every entry a register page lists: a results table, or a single entry's page. */
export function parseRegisterPage(html: string): AdvocateEntry[] {
  const root = parse(html);
  const rows = entriesFromTables(root);
  if (rows) return rows;
  const single = entryFromLabels(root);
  return single ? [single] : [];
}

/** The search address: the register's search by surname, first name and entry number. */
export function registerSearchUrl(baseUrl: string, query: LicenceQuery): string {
  const url = new URL('/adwokat/wyszukaj', baseUrl);
  url.searchParams.set('nazwisko', query.lastname);
  url.searchParams.set('imie', query.firstname);
  url.searchParams.set('numer_wpisu', query.licenseNo);
  return url.toString();
}

type Fetched =
  | { ok: true; status: number; body: string; sha256: string }
  | { ok: false; error: string; sha256: string | null };

/** One page of the register: 200 and 404 are answers, anything else (or no answer) is an error. */
async function fetchPage(url: string, timeoutMs: number): Promise<Fetched> {
  let body: Buffer;
  let status: number;
  try {
    const response = await fetch(url, {
      headers: { 'user-agent': USER_AGENT, accept: 'text/html' },
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    return { ok: false, error: (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable', sha256: null };
  }
  const sha256 = createHash('sha256').update(body).digest('hex');
  if (status !== 200 && status !== 404) return { ok: false, error: `http ${status}`, sha256 };
  return { ok: true, status, body: body.toString('utf8'), sha256 };
}

/**
 * rejestradwokatow.pl (LICENCE_REGISTER=advocates): one search by name and entry number per check,
 * at most one request per 10 s for the whole deployment (takeRegisterSlot), with a timeout; after
 * a match, the entry's own page for its contacts (issue 30), as the next request 10 s later. The
 * pages' SHA-256 and the entries read from them are the check's evidence. Answers are cached by the
 * service (licence.service.ts), from the evidence rows.
 */
export function createAdvocatesRegister(options: AdvocatesRegisterOptions): LicenceRegisterPort {
  return {
    kind: 'advocates',
    async check(query: LicenceQuery, now: Date): Promise<RegisterVerdict> {
      const url = registerSearchUrl(options.baseUrl, query);
      const evidence = (fields: Partial<LicenceEvidence>): LicenceEvidence => ({
        source: 'advocates_register',
        url,
        fetchedAt: now,
        sha256: null,
        parsed: null,
        ...fields,
      });
      if (licenceRegisterOf(query.professionalType) !== 'advocates') {
        // Nothing is fetched: the register of legal counsel has no interface a machine can ask.
        return legalCounselVerdict(evidence({ url: null }));
      }
      const interval = options.intervalMs ?? REGISTER_REQUEST_INTERVAL_MS;
      if (!(await takeRegisterSlot(options.db, REGISTER, now, interval))) throw new RegisterBusyError();

      const search = await fetchPage(url, options.timeoutMs);
      if (!search.ok) {
        return {
          outcome: 'unavailable',
          reason: 'licence.reason.register_unavailable',
          evidence: evidence({ sha256: search.sha256, parsed: { error: search.error } }),
        };
      }
      const { sha256 } = search;
      const entries = search.status === 404 ? [] : parseRegisterPage(search.body);
      const found =
        entries.find(
          (e) =>
            parseAdvocateNo(e.licenseNo) !== null &&
            sameLicenceNo(query.professionalType, e.licenseNo, query.licenseNo),
        ) ?? null;
      const first = advocateVerdict(query, found, evidence({ sha256, parsed: { entries, matched: found } }));
      const profileUrl = found?.profilePath ? new URL(found.profilePath, options.baseUrl) : null;
      // Only the register's own pages are read (a link elsewhere is not followed).
      if (
        first.outcome !== 'verified' ||
        !found ||
        !profileUrl ||
        profileUrl.origin !== new URL(options.baseUrl).origin ||
        found.email
      )
        return first;

      // Issue 30: a match is worth the entry's own page, which lists where its holder is reached.
      // It is the register's next request: its slot right after this one's, after the crawl delay.
      const next = new Date(now.getTime() + interval);
      if (!(await takeRegisterSlot(options.db, REGISTER, next, interval))) throw new RegisterBusyError();
      await new Promise((resolve) => setTimeout(resolve, options.pageDelayMs ?? interval));
      const page = await fetchPage(profileUrl.toString(), options.timeoutMs);
      const profile = { url: profileUrl.toString(), sha256: page.sha256 };
      if (!page.ok || page.status !== 200) {
        const error = page.ok ? `http ${page.status}` : page.error;
        return {
          outcome: 'unavailable',
          reason: 'licence.reason.register_unavailable',
          evidence: evidence({ sha256, parsed: { entries, matched: found, profile: { ...profile, error } } }),
        };
      }
      const own = parseRegisterPage(page.body)[0];
      const matched: AdvocateEntry = {
        ...found,
        email: own?.email ?? null,
        phone: own?.phone ?? null,
        ...(own?.traineeListSince ? { traineeListSince: own.traineeListSince } : {}),
      };
      return advocateVerdict(query, matched, evidence({ sha256, parsed: { entries, matched, profile } }));
    },
  };
}
