import type { MailMessage } from '../mail/index.ts';
import type { Locale } from '@substytut/shared/locale';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface ContactMailInput {
  to: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  locale: Locale;
  receivedAt: Date;
}

/**
 * The message as support receives it. Support reads Polish; the sender's language is stated so
 * the answer can be written in it. The sender's address is shown, not used as From (SPF/DMARC).
 */
export function contactMail(input: ContactMailInput): MailMessage {
  const subject = `[Kontakt] ${input.subject}`.slice(0, 250);
  const rows: [string, string][] = [
    ['Od', `${input.name} <${input.email}>`],
    ['Temat', input.subject],
    ['Język', input.locale === 'en' ? 'angielski' : 'polski'],
    ['Otrzymano', input.receivedAt.toISOString()],
  ];
  const text = `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${input.message}\n`;
  const html = `<!doctype html><html lang="pl"><body style="font-family:system-ui,sans-serif;color:#14213d">
<h1 style="font-size:18px">Wiadomość z formularza kontaktowego</h1>
<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap;border-left:3px solid #e0ddd5;padding-left:12px">${escapeHtml(input.message)}</p>
</body></html>`;
  return { to: input.to, subject, text, html, locale: 'pl' };
}
