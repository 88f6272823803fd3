import { OPERATOR } from '@substytut/shared/operator';
import type { Locale } from '@substytut/shared/locale';

/**
 * The one look every e-mail shares: a table layout with inline styles (mail clients ignore
 * stylesheets), the product header, one button-style link, and a footer with the company data.
 * Every text passed in is plain text and is escaped here; templates never build HTML themselves.
 */

export type MailLocale = Locale;

/** Company data of the footer: the operator the web footer and the legal documents name too. */
export const COMPANY = {
  name: OPERATOR.name,
  street: OPERATOR.street,
  postcode: OPERATOR.postcode,
  city: OPERATOR.city.pl,
  krs: OPERATOR.krs,
  nip: OPERATOR.nip,
  regon: OPERATOR.regon,
} as const;

export const PRODUCT_NAME = 'Substytut';

/** What every template needs from the configuration. */
export interface MailContext {
  /** PUBLIC_URL without a trailing slash */
  publicUrl: string;
  supportEmail: string;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * An absolute link to a page of the web app in the reader's language: Polish pages live at the
 * root, English ones under /en (the web app's language prefix).
 */
export function webUrl(publicUrl: string, locale: MailLocale, pathAndQuery: string): string {
  const path = pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`;
  return `${publicUrl.replace(/\/+$/, '')}${locale === 'en' ? '/en' : ''}${path}`;
}

export interface LayoutInput {
  locale: MailLocale;
  /** shown as the heading and used as the HTML title */
  title: string;
  /** paragraphs before the button */
  intro: string[];
  action: { label: string; url: string };
  /** paragraphs after the button */
  outro: string[];
  /** a second, plain link after the outro (the button stays the main action) */
  secondary?: { label: string; url: string };
}

const footerTexts = {
  pl: {
    support: 'Pytania? Napisz do nas:',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
    automatic: 'Ta wiadomość została wysłana automatycznie.',
    myData: 'Twoje dane: kopia lub usunięcie',
  },
  en: {
    support: 'Questions? Write to us:',
    fallback: 'If the button does not work, copy this address into your browser:',
    automatic: 'This message was sent automatically.',
    myData: 'Your data: a copy or deletion',
  },
} as const;

const COLORS = { brand: '#1d4ed8', text: '#111827', muted: '#6b7280', border: '#e5e7eb', page: '#f3f4f6' };
const FONT = "font-family:Inter,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function companyLine(): string {
  return `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.city} · KRS ${COMPANY.krs} · NIP ${COMPANY.nip} · REGON ${COMPANY.regon}`;
}

export function renderLayout(input: LayoutInput, context: MailContext): { html: string; text: string } {
  const t = footerTexts[input.locale];
  const url = input.action.url;
  for (const link of [url, input.secondary?.url ?? url]) {
    if (!/^https?:\/\//.test(link)) throw new Error(`mail links must be absolute: ${link}`);
  }
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${COLORS.text}">${escapeHtml(text)}</p>`;
  const support = escapeHtml(context.supportEmail);
  // Every mail carries it: a payer has no account, and this is how they reach their data (GDPR).
  const myData = webUrl(context.publicUrl, input.locale, '/my-data');

  const html = `<!doctype html>
<html lang="${input.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(input.title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${COLORS.border};border-radius:8px">
<tr><td style="padding:20px 32px;border-bottom:1px solid ${COLORS.border}">
<a href="${escapeHtml(context.publicUrl)}" style="${FONT};font-size:22px;font-weight:700;color:${COLORS.brand};text-decoration:none">${PRODUCT_NAME}</a>
</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;${FONT};font-size:22px;line-height:30px;color:${COLORS.text}">${escapeHtml(input.title)}</h1>
${input.intro.map(paragraph).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:6px;background:${COLORS.brand}">
<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(input.action.label)}</a>
</td></tr></table>
${input.outro.map(paragraph).join('\n')}
${
  input.secondary
    ? `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${COLORS.text}">${escapeHtml(input.secondary.label)}: <a href="${escapeHtml(input.secondary.url)}" style="color:${COLORS.brand};word-break:break-all">${escapeHtml(input.secondary.url)}</a></p>`
    : ''
}
<p style="margin:16px 0 0;${FONT};font-size:13px;line-height:20px;color:${COLORS.muted}">${escapeHtml(t.fallback)}<br><a href="${escapeHtml(url)}" style="color:${COLORS.brand};word-break:break-all">${escapeHtml(url)}</a></p>
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${COLORS.border};${FONT};font-size:12px;line-height:18px;color:${COLORS.muted}">
${escapeHtml(t.support)} <a href="mailto:${support}" style="color:${COLORS.brand}">${support}</a><br>
${escapeHtml(companyLine())}<br>
${escapeHtml(t.automatic)} <a href="${escapeHtml(myData)}" style="color:${COLORS.brand}">${escapeHtml(t.myData)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    PRODUCT_NAME,
    '',
    input.title,
    '',
    ...input.intro.flatMap((p) => [p, '']),
    `${input.action.label}: ${url}`,
    '',
    ...input.outro.flatMap((p) => [p, '']),
    ...(input.secondary ? [`${input.secondary.label}: ${input.secondary.url}`, ''] : []),
    '--',
    `${t.support} ${context.supportEmail}`,
    companyLine(),
    t.automatic,
    `${t.myData}: ${myData}`,
  ].join('\n');

  return { html, text };
}
