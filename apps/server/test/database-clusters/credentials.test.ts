import { describe, expect, it } from 'vitest';
import { createKey, keyToken } from '../api-keys/keys.ts';
import { CREDENTIALS } from '../support/database-clusters.ts';
import { expectGraphQLError, platformApi } from '../support/http.ts';
import { auditLogs } from '../support/queries.ts';
import { cluster, credentials, useClustersServer } from './setup.ts';

const clusters = useClustersServer();
const { customerWithCluster } = clusters;

describe('credentials', () => {
  it('come back only from their query, with the password in the DSN, and each reveal is audited without it', async () => {
    const { customer } = await customerWithCluster({
      users: [
        {
          name: 'reporter',
          password: 'correct horse battery',
          permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }],
        },
      ],
    });
    const reporter = await credentials(customer, 'reporter');
    expect(reporter).toMatchObject({
      password: 'correct horse battery',
      dsn: 'postgresql://reporter:correct%20horse%20battery@orders-shop.db.apps.localhost:5432/app',
      permissions: [{ databaseName: 'app', permission: 'READ_ONLY' }],
    });
    const admin = await credentials(customer, 'admin');
    expect(admin.password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const reveals = (await auditLogs(customer)).filter((entry) => entry.eventType === 'reveal');
    expect(reveals.map((entry) => entry.modelName)).toEqual(['CloudDatabaseCluster', 'CloudDatabaseCluster']);
    const everything = JSON.stringify(await auditLogs(customer));
    expect(everything).not.toContain('correct horse battery');
    expect(everything).not.toContain(admin.password);
    expect(everything).toContain('password of reporter');

    const missing = expectGraphQLError(
      await customer.gql(CREDENTIALS, { ...cluster(), username: 'nobody' }),
      'NOT_FOUND',
    );
    expect(missing.message).toMatch(/not found/);
  });

  it('are refused to a read-only API key (a password writes data), and given to a key that can write', async () => {
    const { customer } = await customerWithCluster();
    const withKey = async (scope: 'READ' | 'READ_WRITE') => {
      const key = await createKey(customer, { name: `key-${scope}`, scope });
      return platformApi(clusters.server.url, await keyToken(clusters.server.url, key));
    };
    const query = { ...cluster(), username: 'admin' };
    const refused = expectGraphQLError(await (await withKey('READ')).gql(CREDENTIALS, query), 'FORBIDDEN');
    expect(refused.message).toBe(
      'This API key is read only: revealing credentials needs a key that can read and write',
    );
    expect((await auditLogs(customer)).filter((entry) => entry.eventType === 'reveal')).toEqual([]);
    const revealed = await (await withKey('READ_WRITE')).data(CREDENTIALS, query);
    expect(revealed.cloudDatabaseClusterUserCredentials.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
