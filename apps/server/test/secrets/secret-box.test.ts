import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identitySecrets } from '../../src/db/schema.ts';
import { EnvironmentError, readEnvironment } from '../../src/environment.ts';
import { createSecretBox } from '../../src/secrets/crypto.ts';
import { loadSecretBox } from '../../src/secrets/key.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('gives back the plain text, from a versioned value that differs every time', () => {
    const first = box.encryptSecret('hunter2 – ünïcode');
    const second = box.encryptSecret('hunter2 – ünïcode');
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('hunter2');
    expect(box.decryptSecret(first)).toBe('hunter2 – ünïcode');
    expect(box.decryptSecret(box.encryptSecret(''))).toBe('');
  });

  it('refuses an altered value, another key and an unknown format', () => {
    const stored = box.encryptSecret('secret');
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(() => box.decryptSecret(`v1:${bytes.toString('base64url')}`)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decryptSecret(stored)).toThrow();
    expect(() => box.decryptSecret(`v9:${stored.slice(3)}`)).toThrow(/unknown format/);
    expect(() => box.decryptSecret('v1:AAAA')).toThrow(/truncated/);
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('SECRETS_KEY', () => {
  it('must be base64 of 32 bytes', () => {
    expect(() => readEnvironment({ SECRETS_KEY: randomBytes(16).toString('base64') })).toThrow(
      /SECRETS_KEY: must be base64 of 32 bytes/,
    );
    expect(readEnvironment({ SECRETS_KEY: randomBytes(32).toString('base64') }).SECRETS_KEY).toBeDefined();
  });

  it('is required in production', () => {
    expect(() => readEnvironment({ NODE_ENV: 'production' })).toThrow(EnvironmentError);
    expect(() => readEnvironment({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY/);
    const key = randomBytes(32).toString('base64');
    expect(readEnvironment({ NODE_ENV: 'production', SECRETS_KEY: key }).SECRETS_KEY).toBe(key);
  });
});

describe('the key without SECRETS_KEY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('is generated once, kept in the database and the same at every load, with a warning', async () => {
    const db = server.berth.database.db;
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    const first = await loadSecretBox(db, undefined, log);
    const second = await loadSecretBox(db, undefined, log);
    expect(second.decryptSecret(first.encryptSecret('kept'))).toBe('kept');
    const rows = await db.select().from(identitySecrets).where(eq(identitySecrets.id, 'secrets-key'));
    expect(rows).toHaveLength(1);
    expect(warnings[0]).toContain('SECRETS_KEY is not set');
  });

  it('gives way to SECRETS_KEY when it is set', async () => {
    const key = randomBytes(32);
    const configured = await loadSecretBox(server.berth.database.db, key.toString('base64'), {
      warn: () => expect.fail('no warning with SECRETS_KEY'),
    });
    expect(createSecretBox(key).decryptSecret(configured.encryptSecret('x'))).toBe('x');
  });
});
