import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.ts';
import { composeMail } from '../../src/modules/mail/compose.ts';
import { createMailOutbox, MAX_ATTEMPTS } from '../../src/modules/mail/outbox.ts';
import { createSmtpSender } from '../../src/modules/mail/smtp-sender.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startSmtpRelay, type SmtpRelay } from '../support/smtp-relay.ts';

// The outbox on its own: kept mail for the operator without a relay, and what a relay's refusals do.

const mailFor = (recipient: string) =>
  composeMail({
    kind: 'test',
    recipient,
    subject: 'A <test> mail',
    paragraphs: ['First line & more.'],
    action: { label: 'Open', url: 'http://127.0.0.1/some/path?key=abc&x=1' },
    footnote: 'Sent by a test.',
  });

describe('without SMTP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('keeps mail for the operator: admin mail list and show, and the local outbox page', async () => {
    const row = await server.services.mail.queue(
      server.berth.database.db,
      mailFor('kept@test.berth.example'),
    );
    expect(row.status).toBe('kept');
    const list = await runAdminCommand(['mail', 'list'], server.services);
    expect(list.exitCode).toBe(0);
    expect(list.output).toMatch(
      new RegExp(`^${row.id}\\t\\S+\\tkept\\tkept@test\\.berth\\.example\\tA <test> mail · Berth$`, 'm'),
    );
    const shown = await runAdminCommand(['mail', 'show', String(row.id)], server.services);
    expect(shown.output).toContain('Open: http://127.0.0.1/some/path?key=abc&x=1');
    expect((await runAdminCommand(['mail', 'show', 'x'], server.services)).exitCode).toBe(2);
    expect(await runAdminCommand(['mail', 'show', '999999'], server.services)).toEqual({
      exitCode: 1,
      output: 'Error: no mail 999999',
    });

    const page = await fetch(`${server.url}/dev/outbox`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('A &#60;test&#62; mail · Berth');
    const one = await (await fetch(`${server.url}/dev/outbox/${row.id}`)).text();
    expect(one).toContain('<a href="http://127.0.0.1/some/path?key=abc&#38;x=1">');
    expect((await fetch(`${server.url}/dev/outbox/999999`)).status).toBe(404);
  });

  it('has no outbox page in production', async () => {
    const production = await startServer({
      NODE_ENV: 'production',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    try {
      expect((await fetch(`${production.url}/dev/outbox`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('through an SMTP relay', () => {
  let server: TestServer;
  let relay: SmtpRelay;
  beforeAll(async () => {
    server = await startServer();
    relay = await startSmtpRelay();
  });
  afterAll(async () => {
    await relay.close();
    await server.close();
  });

  const warnings: object[] = [];
  const outboxFor = (url: string, clock: () => Date) =>
    createMailOutbox({
      db: server.berth.database.db,
      sender: createSmtpSender(url, 'Berth <no-reply@berth.test>'),
      log: { warn: (payload) => warnings.push(payload) },
      clock,
    });

  it('tries again later while the relay refuses the password, then gives up after the last attempt', async () => {
    let now = Date.now() + 3600_000;
    const outbox = outboxFor(relay.url('wrong-password'), () => new Date(now));
    const row = await outbox.queue(server.berth.database.db, mailFor('retry@test.berth.example'));
    expect(await outbox.deliverDue()).toBe(0);
    const first = await outbox.find(row.id);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('Invalid username or password'),
    });
    // Not due again at once: the pause grows with each attempt.
    expect(await outbox.deliverDue()).toBe(0);
    expect((await outbox.find(row.id))?.attempts).toBe(1);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      now += 7 * 3600_000;
      await outbox.deliverDue();
    }
    expect(await outbox.find(row.id)).toMatchObject({ status: 'failed', textBody: null, htmlBody: null });
    // The log names the mail, never its address or its link.
    expect(JSON.stringify(warnings)).not.toMatch(/retry@|key=abc/);
    expect(relay.received).toEqual([]);
    await outbox.stop();
  });

  it('gives up at once on a permanent refusal (5xx)', async () => {
    const refusing = await startSmtpRelay({ refuseWith: 550 });
    const outbox = outboxFor(refusing.url(), () => new Date(Date.now() + 3600_000));
    const row = await outbox.queue(server.berth.database.db, mailFor('refused@test.berth.example'));
    await outbox.deliverDue();
    expect(await outbox.find(row.id)).toMatchObject({ status: 'failed', attempts: 1 });
    await outbox.stop();
    await refusing.close();
  });

  it('sends nothing that was queued in a transaction that rolled back', async () => {
    const outbox = outboxFor(relay.url(), () => new Date(Date.now() + 3600_000));
    await expect(
      server.berth.database.db.transaction(async (tx) => {
        await outbox.queue(tx, mailFor('rolled-back@test.berth.example'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await outbox.deliverDue();
    expect(relay.received.filter((mail) => mail.to === 'rolled-back@test.berth.example')).toEqual([]);
    await outbox.stop();
  });
});
