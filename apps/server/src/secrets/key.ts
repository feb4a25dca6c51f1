import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { loadOrCreateSecret } from './store.ts';
import { createSecretBox, SECRET_KEY_BYTES, type SecretBox } from './crypto.ts';

const STORED_KEY_ID = 'secrets-key';

/**
 * The secret box of this deployment. SECRETS_KEY (validated in environment.ts, required in production)
 * wins; without it a key is generated once and kept in the database, so `npm start` works with no setup —
 * but then whoever reads the database can decrypt its secrets, hence the warning.
 */
export async function loadSecretBox(
  db: Db,
  configured: string | undefined,
  log: { warn(message: string): void },
): Promise<SecretBox> {
  if (configured) return createSecretBox(Buffer.from(configured, 'base64'));
  const material = await loadOrCreateSecret(db, STORED_KEY_ID, async () => ({
    key: randomBytes(SECRET_KEY_BYTES).toString('base64'),
  }));
  log.warn(
    'SECRETS_KEY is not set: secrets are encrypted with a key stored in the database; set SECRETS_KEY in production',
  );
  return createSecretBox(Buffer.from(material.key as string, 'base64'));
}
