import { formatPln } from '@substytut/shared';
import type { Locale } from '@substytut/shared/locale';
import { escapeHtml, page } from './sandbox-pages.ts';

const texts = {
  pl: {
    title: 'Płatność',
    intro: 'Tak wygląda strona płatności prawdziwego dostawcy. Żadne pieniądze nie zostaną pobrane.',
    payee: 'Odbiorca',
    item: 'Za',
    email: 'E-mail',
    method: 'Metoda płatności',
    card: 'Karta płatnicza (także Apple Pay i Google Pay)',
    blik: 'BLIK',
    p24: 'Przelewy24',
    pay: 'Zapłać',
    fail: 'Symuluj nieudaną płatność',
    cancel: 'Anuluj i wróć',
    closedTitle: 'Płatność niedostępna',
    closedText: 'Ta sesja płatności została już zakończona, anulowana lub wygasła.',
  },
  en: {
    title: 'Payment',
    intro: "This stands in for the real provider's payment page. No money will be taken.",
    payee: 'Payee',
    item: 'For',
    email: 'E-mail',
    method: 'Payment method',
    card: 'Card (also Apple Pay and Google Pay)',
    blik: 'BLIK',
    p24: 'Przelewy24',
    pay: 'Pay',
    fail: 'Simulate a failed payment',
    cancel: 'Cancel and go back',
    closedTitle: 'Payment unavailable',
    closedText: 'This payment session has already finished, was cancelled or has expired.',
  },
} as const;

export const SANDBOX_METHODS = ['card', 'blik', 'p24'] as const;

export function checkoutPage(input: {
  locale: Locale;
  amount: number;
  title: string;
  payee: string;
  email: string;
  action: string;
  token: string;
}): string {
  const t = texts[input.locale];
  const methods = SANDBOX_METHODS.map(
    (method, index) =>
      `<label><input type="radio" name="method" value="${method}"${index === 0 ? ' checked' : ''}> ${escapeHtml(t[method])}</label>`,
  ).join('\n');
  return page(
    input.locale,
    t.title,
    `<p>${escapeHtml(t.intro)}</p>
<p class="amount-big">${escapeHtml(formatPln(input.amount, input.locale))}</p>
<dl><dt>${t.payee}</dt><dd>${escapeHtml(input.payee)}</dd><dt>${t.item}</dt><dd>${escapeHtml(input.title)}</dd><dt>${t.email}</dt><dd>${escapeHtml(input.email)}</dd></dl>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<fieldset><legend>${escapeHtml(t.method)}</legend>
${methods}
</fieldset>
<button type="submit" name="action" value="pay">${escapeHtml(t.pay)}</button>
<button type="submit" name="action" value="fail">${escapeHtml(t.fail)}</button>
<button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
</form>`,
  );
}

export function checkoutClosedPage(locale: Locale, backUrl: string): string {
  const t = texts[locale];
  return page(
    locale,
    t.closedTitle,
    `<p>${escapeHtml(t.closedText)}</p><p><a class="button" href="${escapeHtml(backUrl)}">${escapeHtml(t.cancel)}</a></p>`,
  );
}
