import { describe, expect, it } from 'vitest';
import {
  OFFER_ACTORS,
  OFFER_SECTIONS,
  OFFER_STATUSES,
  OFFER_STATUS_LABELS,
  OFFER_TRANSITIONS,
  canDelete,
  canStartPayment,
  canTransition,
  findTransition,
  fromStatusesFor,
  isOfferStatus,
  offerSectionOf,
  offerStatusLabelKey,
  transitionsFrom,
  type OfferActor,
  type OfferStatus,
} from './offer-status.ts';

// The expected machine, written out independently of the module: "from>to:actor".
const ALLOWED = new Set([
  'active>paystart:client',
  'paystart>payed:payment_event',
  'paystart>active:payment_event',
  'active>payed:payment_event',
  'expired>payed:payment_event',
  'payed>done:provider',
  'done>accepted:client',
  'done>archive:clock',
  'active>expired:clock',
  'paystart>expired:clock',
  // issue 23 (decision 020)
  'done>disputed:client',
  'disputed>resolved:admin',
  'payed>cancelled:provider',
  'cancelled>refunded:payment_event',
  // issue 34 (decision 044): the lawyer keeps the whole price as the fee, nothing goes back
  'cancelled>refunded:provider',
]);

describe('offer status machine', () => {
  it('knows the seven statuses of spec 4 and the four of issue 23', () => {
    expect([...OFFER_STATUSES].sort()).toEqual(
      [
        'accepted',
        'active',
        'archive',
        'done',
        'expired',
        'payed',
        'paystart',
        'disputed',
        'cancelled',
        'refunded',
        'resolved',
      ].sort(),
    );
  });

  const cases: [OfferStatus, OfferStatus, OfferActor, boolean][] = [];
  for (const from of OFFER_STATUSES)
    for (const to of OFFER_STATUSES)
      for (const by of OFFER_ACTORS) cases.push([from, to, by, ALLOWED.has(`${from}>${to}:${by}`)]);

  it.each(cases)('%s -> %s by %s allowed: %s', (from, to, by, allowed) => {
    expect(canTransition(from, to, by)).toBe(allowed);
    expect(findTransition(from, to, by) !== undefined).toBe(allowed);
  });

  it('lists exactly the expected transitions as data', () => {
    expect(OFFER_TRANSITIONS.map((t) => `${t.from}>${t.to}:${t.by}`).sort()).toEqual([...ALLOWED].sort());
    const keys = OFFER_TRANSITIONS.map((t) => `${t.from}>${t.to}:${t.by}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each([
    ['active', ['expired', 'payed', 'paystart']],
    ['paystart', ['active', 'expired', 'payed']],
    ['payed', ['cancelled', 'done']],
    ['done', ['accepted', 'archive', 'disputed']],
    ['accepted', []],
    ['archive', []],
    ['expired', ['payed']],
    ['disputed', ['resolved']],
    ['cancelled', ['refunded']],
    ['refunded', []],
    ['resolved', []],
  ] as const)('transitionsFrom(%s) reaches %j', (from, targets) => {
    // A status reached two ways (cancelled → refunded by the provider's event or, with nothing to
    // refund, by the report itself: issue 34) counts once.
    expect([...new Set(transitionsFrom(from).map((t) => t.to))].sort()).toEqual([...targets]);
  });

  it.each([
    ['startPayment', ['active']],
    ['paymentSucceeded', ['active', 'expired', 'paystart']],
    ['paymentFailed', ['paystart']],
    ['markDone', ['payed']],
    ['confirm', ['done']],
    ['archiveUnconfirmed', ['done']],
    ['expire', ['active', 'paystart']],
    ['dispute', ['done']],
    ['resolveDispute', ['disputed']],
    ['reportCourtCancelled', ['payed']],
    ['refundSucceeded', ['cancelled']],
  ] as const)('action %s applies from %j', (action, froms) => {
    expect([...fromStatusesFor(action)].sort()).toEqual([...froms]);
  });

  it('lets an admin only resolve a dispute, and the clock never touch a disputed offer', () => {
    expect(OFFER_TRANSITIONS.filter((t) => t.by === 'admin').map((t) => t.action)).toEqual([
      'resolveDispute',
    ]);
    expect(OFFER_TRANSITIONS.filter((t) => t.from === 'disputed' && t.by !== 'admin')).toEqual([]);
  });
});

describe('canDelete', () => {
  it.each([
    ['active', true],
    ['paystart', true],
    ['expired', true],
    ['payed', false],
    ['done', false],
    ['accepted', false],
    ['archive', false],
    ['disputed', false],
    ['cancelled', false],
    ['refunded', false],
    ['resolved', false],
  ] as const)('%s -> %s', (status, expected) => {
    expect(canDelete(status)).toBe(expected);
  });
});

describe('canStartPayment', () => {
  it.each([
    ['active', true],
    ['paystart', true],
    ['expired', false],
    ['payed', false],
    ['done', false],
    ['accepted', false],
    ['archive', false],
  ] as const)('%s -> %s', (status, expected) => {
    expect(canStartPayment(status)).toBe(expected);
  });
});

describe('sections and labels', () => {
  it.each([
    ['done', 'active'],
    ['payed', 'active'],
    ['active', 'sent'],
    ['paystart', 'sent'],
    ['accepted', 'archive'],
    ['archive', 'archive'],
    ['expired', 'archive'],
    ['disputed', 'active'],
    ['cancelled', 'active'],
    ['refunded', 'archive'],
    ['resolved', 'archive'],
  ] as const)('%s is shown under %s', (status, section) => {
    expect(offerSectionOf(status)).toBe(section);
  });

  it('orders the sections as the dashboard shows them', () => {
    expect(OFFER_SECTIONS).toEqual(['active', 'sent', 'archive']);
  });

  it.each([
    ['active', 'Oczekuje na płatność'],
    ['paystart', 'Płatność rozpoczęta'],
    ['payed', 'W trakcie realizacji'],
    ['done', 'Oczekuje na akceptację'],
    ['accepted', 'Zlecenie zrealizowane'],
    ['archive', 'Zlecenie zarchiwizowane'],
    ['expired', 'zlecenie zostało odrzucone'],
    ['disputed', 'Zlecenie zakwestionowane'],
    ['cancelled', 'Rozprawa odwołana, zwrot w toku'],
    ['refunded', 'Płatność zwrócona'],
    ['resolved', 'Spór rozstrzygnięty'],
  ] as const)('%s reads %s in Polish and has an English label and key', (status, pl) => {
    expect(OFFER_STATUS_LABELS.pl[status]).toBe(pl);
    expect(OFFER_STATUS_LABELS.en[status]).toMatch(/\w/);
    expect(offerStatusLabelKey(status)).toBe(`offers.status.${status}`);
  });

  it.each([
    ['active', true],
    ['archive', true],
    ['paid', false],
    ['', false],
    [null, false],
    [3, false],
  ])('isOfferStatus(%j) = %s', (value, expected) => {
    expect(isOfferStatus(value)).toBe(expected);
  });
});
