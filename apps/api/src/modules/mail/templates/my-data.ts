import { RETENTION } from '@substytut/shared';
import type { MailMessage } from '../mail.outbox.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from './layout.ts';

// Mails of "My data" (GDPR): the lawyer's export is ready; a payer confirms a request for their data.

const exportTexts = {
  pl: {
    subject: 'Eksport Twoich danych jest gotowy — Substytut',
    title: 'Eksport Twoich danych jest gotowy',
    greeting: 'Dzień dobry,',
    body: 'przygotowaliśmy plik ZIP ze wszystkimi danymi, które przechowujemy o Twoim koncie w serwisie Substytut.',
    action: 'Pobierz dane (ZIP)',
    validity: `Link działa jeden raz i wygasa po ${RETENTION.exportLinkHours} godzinach. Plik możesz też pobrać w panelu, w zakładce „Moje dane”.`,
    ignore: 'Jeśli o eksport poprosił ktoś inny, zmień hasło i napisz do nas.',
  },
  en: {
    subject: 'Your data export is ready — Substytut',
    title: 'Your data export is ready',
    greeting: 'Hello,',
    body: 'we have prepared a ZIP file with all the data we hold about your account at Substytut.',
    action: 'Download data (ZIP)',
    validity: `The link works once and expires after ${RETENTION.exportLinkHours} hours. You can also download the file in the dashboard, under "My data".`,
    ignore: 'If you did not ask for this export, change your password and write to us.',
  },
} as const;

export interface DataExportReadyInput {
  locale: MailLocale;
  to: string;
  token: string;
}

/**
 * The link opens the download page (/my-data/export/{token}), whose button downloads the file
 * once: mail scanners that open links use nothing up (issue 30).
 */
export function dataExportReadyMail(input: DataExportReadyInput, context: MailContext): MailMessage {
  const t = exportTexts[input.locale];
  const url = webUrl(context.publicUrl, input.locale, `/my-data/export/${encodeURIComponent(input.token)}`);
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [t.greeting, t.body],
      action: { label: t.action, url },
      outro: [t.validity, t.ignore],
    },
    context,
  );
  return { to: input.to, subject: t.subject, html, text, locale: input.locale };
}

const requestTexts = {
  pl: {
    subject: {
      export: 'Potwierdź prośbę o kopię Twoich danych — Substytut',
      delete: 'Potwierdź prośbę o usunięcie Twoich danych — Substytut',
    },
    title: { export: 'Potwierdź prośbę o kopię danych', delete: 'Potwierdź prośbę o usunięcie danych' },
    greeting: 'Dzień dobry,',
    body: {
      export:
        'otrzymaliśmy prośbę o kopię danych, które serwis Substytut przechowuje o tym adresie e-mail (płatności, dane do faktur, wysłane wiadomości).',
      delete: `otrzymaliśmy prośbę o usunięcie danych, które serwis Substytut przechowuje o tym adresie e-mail. Płatności i dane do faktur zachowamy przez ${RETENTION.taxRecordsYears} lat, jak wymagają przepisy podatkowe, bez numeru telefonu i adresu e-mail; resztę usuniemy.`,
    },
    action: { export: 'Pokaż moje dane', delete: 'Usuń moje dane' },
    validity: `Link działa jeden raz i wygasa po ${RETENTION.dataRequestLinkHours} godzinach.`,
    ignore: 'Jeśli tę prośbę wysłał ktoś inny, zignoruj tę wiadomość — nic się nie zmieni.',
  },
  en: {
    subject: {
      export: 'Confirm your request for a copy of your data — Substytut',
      delete: 'Confirm your request to delete your data — Substytut',
    },
    title: { export: 'Confirm the request for your data', delete: 'Confirm the request to delete your data' },
    greeting: 'Hello,',
    body: {
      export:
        'we received a request for a copy of the data Substytut holds about this e-mail address (payments, invoice data, messages sent).',
      delete: `we received a request to delete the data Substytut holds about this e-mail address. Payments and invoice data are kept for ${RETENTION.taxRecordsYears} years, as tax law requires, without the phone number and e-mail address; everything else is deleted.`,
    },
    action: { export: 'Show my data', delete: 'Delete my data' },
    validity: `The link works once and expires after ${RETENTION.dataRequestLinkHours} hours.`,
    ignore: 'If you did not send this request, ignore this message — nothing will change.',
  },
} as const;

export interface DataRequestInput {
  locale: MailLocale;
  to: string;
  kind: 'export' | 'delete';
  token: string;
}

/** The link lands on the web page /my-data/confirm/{token}, which calls POST /api/data-requests/confirm. */
export function dataRequestMail(input: DataRequestInput, context: MailContext): MailMessage {
  const t = requestTexts[input.locale];
  const url = webUrl(context.publicUrl, input.locale, `/my-data/confirm/${encodeURIComponent(input.token)}`);
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title[input.kind],
      intro: [t.greeting, t.body[input.kind]],
      action: { label: t.action[input.kind], url },
      outro: [t.validity, t.ignore],
    },
    context,
  );
  return { to: input.to, subject: t.subject[input.kind], html, text, locale: input.locale };
}
