import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { createPayloadStore, type PayloadKey } from './store.ts';

// oidc-provider storage in our database, so sessions, grants and refresh tokens survive a restart and
// are shared by every server process.
export function databaseAdapter(db: Db) {
  const payloads = createPayloadStore(db);
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await payloads.upsert(this.model, id, payload, expiresAt);
    }

    private async findBy(key: PayloadKey) {
      const row = await payloads.find(this.model, key);
      if (!row) return undefined;
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      } as AdapterPayload;
    }

    find(id: string) {
      return this.findBy({ id });
    }

    findByUid(uid: string) {
      return this.findBy({ uid });
    }

    findByUserCode(userCode: string) {
      return this.findBy({ userCode });
    }

    consume(id: string) {
      return payloads.consume(this.model, id);
    }

    destroy(id: string) {
      return payloads.destroy(this.model, id);
    }

    revokeByGrantId(grantId: string) {
      return payloads.revokeByGrantId(grantId);
    }
  };
}

/** Removes expired entries; run now and then so the table does not grow without end. */
export const purgeExpiredPayloads = (db: Db) => createPayloadStore(db).purgeExpired();
