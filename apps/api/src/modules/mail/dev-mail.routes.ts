import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mailOutbox, type MailOutboxRow } from '../../db/schema.ts';
import { notFound } from '../app/errors.ts';
import { ok } from '../app/http.ts';
import { onlyFromThisMachine } from '../app/local-request.ts';

// The local mailbox: what the app "sent" when no SMTP server is configured. Registered only
// outside production, and it answers only requests from this machine: it shows everyone's reset
// and acceptance links. End-to-end tests read links from here.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Every href in a mail body, in order, without duplicates. */
export function linksIn(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const link = (match[1] ?? match[2] ?? '').replace(/&amp;/g, '&');
    if (link && !links.includes(link)) links.push(link);
  }
  return links;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #111; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  iframe { width: 100%; height: 32rem; border: 1px solid #ccc; }
  pre { white-space: pre-wrap; background: #f5f5f5; padding: 1rem; }
  .status-failed { color: #b00020; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

function listPage(rows: MailOutboxRow[]): string {
  const items = rows
    .map(
      (row) => `<tr>
  <td><a href="/dev/mail/${row.id}">${escapeHtml(row.subject)}</a></td>
  <td>${escapeHtml(row.to)}</td>
  <td><time datetime="${row.createdAt.toISOString()}">${row.createdAt.toISOString()}</time></td>
  <td class="status-${row.status}">${row.status}</td>
</tr>`,
    )
    .join('\n');
  return page(
    'Local mailbox',
    `<h1>Local mailbox</h1>
<p>Messages the app queued, newest first. Nothing here left this machine unless SMTP is configured.</p>
${
  rows.length === 0
    ? '<p>No messages yet.</p>'
    : `<table>
<thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Time</th><th scope="col">Status</th></tr></thead>
<tbody>
${items}
</tbody>
</table>`
}`,
  );
}

function detailPage(row: MailOutboxRow): string {
  const links = linksIn(row.html);
  return page(
    row.subject,
    `<p><a href="/dev/mail">← All messages</a></p>
<h1>${escapeHtml(row.subject)}</h1>
<dl>
  <dt>To</dt><dd>${escapeHtml(row.to)}</dd>
  <dt>Time</dt><dd>${row.createdAt.toISOString()}</dd>
  <dt>Status</dt><dd>${row.status}${row.lastError ? ` (${escapeHtml(row.lastError)})` : ''}</dd>
</dl>
<h2>Links</h2>
${links.length === 0 ? '<p>None.</p>' : `<ul>${links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>`}
<h2>Attachments</h2>
${
  (row.attachments ?? []).length === 0
    ? '<p>None.</p>'
    : `<ul>${(row.attachments ?? []).map((a) => `<li>${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})${a.encoding === 'base64' ? ` ${Math.round((a.content.length * 3) / 4 / 1024)} KB` : `<pre>${escapeHtml(a.content)}</pre>`}</li>`).join('')}</ul>`
}
<h2>HTML</h2>
<iframe title="HTML body" sandbox="allow-popups allow-top-navigation-by-user-activation" src="/dev/mail/${row.id}/html"></iframe>
<h2>Text</h2>
<pre>${escapeHtml(row.text)}</pre>`,
  );
}

const idParams = z.object({ id: z.uuid() });

export function registerDevMailRoutes(app: FastifyInstance, db: Db) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function findMail(id: string): Promise<MailOutboxRow> {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw notFound('mail.not_found');
    return row;
  }

  const local = { onRequest: onlyFromThisMachine };

  typed.get('/dev/mail', local, async (_request, reply) => {
    const rows = await db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(200);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(listPage(rows));
  });

  typed.get('/dev/mail/:id', { ...local, schema: { params: idParams } }, async (request, reply) => {
    const row = await findMail(request.params.id);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(detailPage(row));
  });

  typed.get('/dev/mail/:id/html', { ...local, schema: { params: idParams } }, async (request, reply) => {
    const row = await findMail(request.params.id);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(row.html);
  });

  typed.get(
    '/api/dev/mail',
    { ...local, schema: { querystring: z.object({ to: z.string().optional() }) } },
    async (request) => {
      const to = request.query.to?.trim().toLowerCase();
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(200);
      return ok(
        rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          html: row.html,
          text: row.text,
          locale: row.locale,
          status: row.status,
          attempts: row.attempts,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          links: linksIn(row.html),
          attachments: row.attachments ?? [],
        })),
      );
    },
  );
}
