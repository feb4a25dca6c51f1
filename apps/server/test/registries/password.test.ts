import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { privateRegistries } from '../../src/db/schema.ts';
import { loadSecretBox } from '../../src/secrets/key.ts';
import { auditLogs } from '../support/queries.ts';
import { DELETE_REGISTRY, waitForRegistry } from '../support/registries.ts';
import { PASSWORD, createRegistry, useRegistriesServer } from './setup.ts';

const suite = useRegistriesServer();
const { customerWithNamespace } = suite;

describe('the password', () => {
  it('is never returned nor audited, and is stored encrypted', async () => {
    const { customer } = await customerWithNamespace('shop');
    const { body } = await createRegistry(customer, { name: 'secretive' });
    expect(JSON.stringify(body)).not.toContain(PASSWORD);
    const unknownField = await customer.gql(`{ privateRegistries(namespace: "shop") { password } }`);
    expect(unknownField.body.errors?.[0]?.message).toContain('Cannot query field "password"');

    const [row] = await suite.server.berth.database.db
      .select()
      .from(privateRegistries)
      .where(eq(privateRegistries.id, Number(body.data?.registryConnectionCreate.id)));
    expect(row?.passwordEncrypted).toMatch(/^v1:/);
    expect(row?.passwordEncrypted).not.toContain(PASSWORD);
    const box = await loadSecretBox(suite.server.berth.database.db, undefined, { warn: () => undefined });
    expect(box.decryptSecret(row?.passwordEncrypted ?? '')).toBe(PASSWORD);

    await waitForRegistry(customer, 'shop', 'secretive', 'created');
    await customer.data(DELETE_REGISTRY, { name: 'secretive', namespace: 'shop' });
    const entries = (await auditLogs(customer)).filter((entry) => entry.modelName === 'PrivateRegistry');
    expect(entries.map((entry) => entry.eventType).sort()).toEqual(['create', 'delete']);
    for (const entry of entries) {
      expect(entry.changeSet.map((change) => change.name).sort()).toEqual(['name', 'source', 'username']);
      expect(entry.account?.email).toBe(customer.email);
    }
    expect(entries.find((entry) => entry.eventType === 'create')?.changeSet).toContainEqual({
      name: 'username',
      oldValue: null,
      newValue: 'robot',
    });
    const everything = await suite.server.berth.database.db.execute(
      sql`SELECT change_set::text AS text FROM audit_entries`,
    );
    expect(JSON.stringify(everything)).not.toContain(PASSWORD);
    expect(JSON.stringify(everything)).not.toContain(row?.passwordEncrypted);
  });
});
