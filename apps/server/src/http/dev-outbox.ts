import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../html.ts';
import { themeOfRequest } from '../identity/interaction.ts';
import { page } from '../identity/pages.ts';
import type { MailOutbox } from '../modules/mail/outbox.ts';

// The local outbox, outside production only: the mail kept without an SMTP relay, so every flow that
// sends a link (password reset, email verification) can be followed on one machine.

/** The text part with its addresses as links. */
const linked = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export async function outboxRoutes(app: FastifyInstance, deps: { mail: MailOutbox }) {
  const { mail } = deps;
  app.get('/dev/outbox', async (request, reply) => {
    const rows = await mail.recent(50);
    const items = rows
      .map(
        (row) =>
          `<li><a href="/dev/outbox/${row.id}">${escapeHtml(row.subject)}</a><br><small>to ${escapeHtml(row.recipient)}, ${row.createdAt.toISOString()}, ${row.status}</small></li>`,
      )
      .join('');
    const body = rows.length
      ? `<h1>Outbox</h1><p>The newest mail first. Without <code>SMTP_URL</code> mail stays here.</p><ul class="mail">${items}</ul>`
      : '<h1>Outbox</h1><p>No mail yet. Mail sent without <code>SMTP_URL</code> shows up here.</p>';
    return reply.type('text/html').send(page('Outbox', body, { theme: themeOfRequest(request) }));
  });

  app.get<{ Params: { id: string } }>('/dev/outbox/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const row = Number.isInteger(id) && id > 0 ? await mail.find(id) : undefined;
    const theme = themeOfRequest(request);
    if (!row) {
      return reply
        .code(404)
        .type('text/html')
        .send(page('No such mail', '<h1>No such mail</h1><a href="/dev/outbox">Outbox</a>', { theme }));
    }
    const body = row.textBody
      ? `<pre class="mail-text">${linked(row.textBody)}</pre>`
      : `<p>${row.status}: its body is no longer kept.</p>`;
    return reply
      .type('text/html')
      .send(
        page(
          row.subject,
          `<h1>${escapeHtml(row.subject)}</h1><p><small>To ${escapeHtml(row.recipient)}, ${row.createdAt.toISOString()}</small></p>${body}<a href="/dev/outbox">Outbox</a>`,
          { theme },
        ),
      );
  });
}
