import { formatPln } from '@substytut/shared';
import type { Locale } from '@substytut/shared/locale';
import type { SandboxRefund, SandboxTransfer } from './sandbox-ledger.ts';

const texts = {
  pl: {
    badge: 'SANDBOX',
    notice:
      'Testowy dostawca płatności wbudowany w aplikację. Nie są tu przetwarzane prawdziwe pieniądze ani dane.',
    onboardingTitle: 'Połączenie konta płatności',
    onboardingIntro:
      'Tak wygląda u prawdziwego dostawcy formularz danych konta. Zakończenie oznacza konto jako zweryfikowane i gotowe do przyjmowania wypłat.',
    account: 'Konto',
    email: 'E-mail',
    complete: 'Zakończ konfigurację konta',
    abandon: 'Przerwij',
    dashboardTitle: 'Panel konta płatności',
    status: 'Status',
    ready: 'Gotowe do przyjmowania wypłat',
    notReady: 'Konfiguracja konta nie została zakończona',
    balance: 'Saldo',
    transfers: 'Przelewy przychodzące',
    noTransfers: 'Brak przelewów.',
    refunds: 'Zwroty dla klientów',
    refundsNote:
      'Pieniądze zwrócone płacącym, np. za płatność, która wpłynęła, gdy zlecenie było już opłacone, za rozprawę odwołaną przez sąd albo po rozstrzygnięciu sporu.',
    date: 'Data',
    description: 'Opis',
    amount: 'Kwota',
    back: 'Wróć do panelu',
    invalidTitle: 'Link wygasł',
    invalidText: 'Ten link jest nieprawidłowy, został już użyty lub wygasł. Wygeneruj nowy w panelu.',
    usedTitle: 'Link został już użyty',
    // „Panel płatności” is the label of the button that makes the link (web: dashboard.json).
    usedText:
      'Ten link został już użyty: każdy link otwiera panel konta płatności tylko raz. Aby otworzyć panel ponownie, wróć do panelu i kliknij „Panel płatności”.',
  },
  en: {
    badge: 'SANDBOX',
    notice: 'A test payment provider built into the app. No real money or data is processed here.',
    onboardingTitle: 'Connect your payment account',
    onboardingIntro:
      "This stands in for the provider's account details form. Completing marks the account as verified and able to receive payouts.",
    account: 'Account',
    email: 'E-mail',
    complete: 'Complete account setup',
    abandon: 'Abandon',
    dashboardTitle: 'Payment account dashboard',
    status: 'Status',
    ready: 'Ready to receive payouts',
    notReady: 'Account setup is not finished',
    balance: 'Balance',
    transfers: 'Incoming transfers',
    noTransfers: 'No transfers yet.',
    refunds: 'Refunds to clients',
    refundsNote:
      'Money returned to payers, e.g. for a payment that came in after the order was already paid, for a hearing the court cancelled, or after a dispute was resolved.',
    date: 'Date',
    description: 'Description',
    amount: 'Amount',
    back: 'Back to the dashboard',
    invalidTitle: 'Link expired',
    invalidText: 'This link is invalid, was already used or has expired. Create a new one in the dashboard.',
    usedTitle: 'Link already used',
    usedText:
      'This link was already used: each link opens the payment account dashboard only once. To open it again, go back to the dashboard and click “Payment dashboard”.',
  },
} as const;

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: Canvas; color: CanvasText; }
  main { max-width: 36rem; margin: 0 auto; padding: 2rem 1rem; }
  .badge { display: inline-block; background: #b45309; color: #fff; font-weight: 700;
    letter-spacing: .08em; padding: .2rem .6rem; border-radius: .3rem; }
  .notice { border: 2px dashed #b45309; padding: .75rem 1rem; border-radius: .5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; word-break: break-all; }
  form { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button, .button { font: inherit; padding: .6rem 1.1rem; border-radius: .4rem; cursor: pointer;
    border: 1px solid #888; background: transparent; color: inherit; text-decoration: none; }
  button[value=complete], button[value=pay] { background: #15803d; border-color: #15803d; color: #fff; }
  fieldset { border: 1px solid #888; border-radius: .5rem; display: grid; gap: .4rem; width: 100%; }
  .amount-big { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
  table { width: 100%; border-collapse: collapse; } th, td { text-align: left; padding: .3rem; }
  td.amount, th.amount { text-align: right; }
`;

export function page(locale: Locale, title: string, body: string): string {
  const t = texts[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${t.badge} · ${title}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><span class="badge">${t.badge}</span></p>
<p class="notice" role="note">${escapeHtml(t.notice)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function onboardingPage(input: {
  locale: Locale;
  accountId: string;
  email: string;
  action: string;
  token: string;
}): string {
  const t = texts[input.locale];
  return page(
    input.locale,
    t.onboardingTitle,
    `<p>${escapeHtml(t.onboardingIntro)}</p>
<dl><dt>${t.account}</dt><dd>${escapeHtml(input.accountId)}</dd><dt>${t.email}</dt><dd>${escapeHtml(input.email)}</dd></dl>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit" name="action" value="complete">${escapeHtml(t.complete)}</button>
<button type="submit" name="action" value="abandon">${escapeHtml(t.abandon)}</button>
</form>`,
  );
}

export function dashboardPage(input: {
  locale: Locale;
  accountId: string;
  email: string;
  ready: boolean;
  balance: number;
  transfers: SandboxTransfer[];
  refunds: SandboxRefund[];
  backUrl: string;
}): string {
  const t = texts[input.locale];
  const dateFormat = new Intl.DateTimeFormat(input.locale === 'pl' ? 'pl-PL' : 'en-GB', {
    timeZone: 'Europe/Warsaw',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const table = (rows: { createdAt: Date; description: string; amount: number }[]) =>
    `<table><thead><tr><th>${t.date}</th><th>${t.description}</th><th class="amount">${t.amount}</th></tr></thead><tbody>${rows
      .map(
        (row) =>
          `<tr><td>${escapeHtml(dateFormat.format(row.createdAt))}</td><td>${escapeHtml(row.description)}</td><td class="amount">${escapeHtml(formatPln(row.amount, input.locale))}</td></tr>`,
      )
      .join('')}</tbody></table>`;
  const transfers =
    input.transfers.length === 0 ? `<p>${escapeHtml(t.noTransfers)}</p>` : table(input.transfers);
  const refunds =
    input.refunds.length === 0
      ? ''
      : `<h2>${escapeHtml(t.refunds)}</h2>
<p>${escapeHtml(t.refundsNote)}</p>
${table(input.refunds.map((r) => ({ ...r, description: `${r.description} (${r.paymentRef})` })))}`;
  return page(
    input.locale,
    t.dashboardTitle,
    `<dl><dt>${t.account}</dt><dd>${escapeHtml(input.accountId)}</dd><dt>${t.email}</dt><dd>${escapeHtml(input.email)}</dd>
<dt>${t.status}</dt><dd>${escapeHtml(input.ready ? t.ready : t.notReady)}</dd>
<dt>${t.balance}</dt><dd>${escapeHtml(formatPln(input.balance, input.locale))}</dd></dl>
<h2>${escapeHtml(t.transfers)}</h2>
${transfers}
${refunds}
<p><a class="button" href="${escapeHtml(input.backUrl)}">${escapeHtml(t.back)}</a></p>`,
  );
}

function linkEndedPage(locale: Locale, title: string, text: string, backUrl: string): string {
  return page(
    locale,
    title,
    `<p>${escapeHtml(text)}</p><p><a class="button" href="${escapeHtml(backUrl)}">${escapeHtml(texts[locale].back)}</a></p>`,
  );
}

export function invalidLinkPage(locale: Locale, backUrl: string): string {
  return linkEndedPage(locale, texts[locale].invalidTitle, texts[locale].invalidText, backUrl);
}

/** A dashboard link opened a second time, in the language of the account it belongs to. */
export function usedDashboardLinkPage(locale: Locale, backUrl: string): string {
  return linkEndedPage(locale, texts[locale].usedTitle, texts[locale].usedText, backUrl);
}
