import { formatPln } from '@substytut/shared';
import type { Locale } from '@substytut/shared/locale';
import { escapeHtml, page } from './sandbox-pages.ts';

const texts = {
  pl: {
    title: 'Subskrypcja planu Pro',
    intro:
      'Tak wygląda strona subskrypcji prawdziwego dostawcy. Żadne pieniądze nie zostaną pobrane.',
    monthly: 'miesięcznie, brutto',
    email: 'E-mail',
    subscribe: 'Subskrybuj',
    declining: 'Subskrybuj kartą, która odmówi przy odnowieniu',
    cancel: 'Anuluj i wróć',
  },
  en: {
    title: 'Pro plan subscription',
    intro: "This stands in for the real provider's subscription page. No money will be taken.",
    monthly: 'a month, gross',
    email: 'E-mail',
    subscribe: 'Subscribe',
    declining: 'Subscribe with a card declined at renewal',
    cancel: 'Cancel and go back',
  },
} as const;

/** The sandbox's hosted subscribe page (Stripe Checkout in subscription mode stands behind it in production). */
export function subscriptionPage(input: {
  locale: Locale;
  amount: number;
  email: string;
  action: string;
  token: string;
}): string {
  const t = texts[input.locale];
  return page(
    input.locale,
    t.title,
    `<p>${escapeHtml(t.intro)}</p>
<p class="amount-big">${escapeHtml(formatPln(input.amount, input.locale))} <small>${escapeHtml(t.monthly)}</small></p>
<dl><dt>${t.email}</dt><dd>${escapeHtml(input.email)}</dd></dl>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit" name="action" value="subscribe">${escapeHtml(t.subscribe)}</button>
<button type="submit" name="action" value="declining">${escapeHtml(t.declining)}</button>
<button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
</form>`,
  );
}
