import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets at rest (registry passwords, secret environment variables): AES-256-GCM with a fresh random
// IV per value. The stored text carries a version prefix so the format or key can change later while
// old values stay readable.

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export interface SecretBox {
  /** `v1:` + base64url(iv ‖ tag ‖ ciphertext); a different text every call, even for the same input. */
  encryptSecret(plain: string): string;
  /** The plain text of a value from encryptSecret; throws when it was altered or another key made it. */
  decryptSecret(stored: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) {
    throw new Error(`a secrets key is ${SECRET_KEY_BYTES} bytes, not ${key.length}`);
  }
  return {
    encryptSecret(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}:${Buffer.concat([iv, tag, ciphertext]).toString('base64url')}`;
    },
    decryptSecret(stored) {
      const separator = stored.indexOf(':');
      const version = stored.slice(0, separator);
      if (separator < 0 || version !== VERSION) throw new Error('stored secret has an unknown format');
      const bytes = Buffer.from(stored.slice(separator + 1), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('stored secret is truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
