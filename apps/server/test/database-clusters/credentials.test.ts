import { describe, expect, it } from 'vitest';
import { CREDENTIALS } from '../support/database-clusters.ts';
import { expectGraphQLError } from '../support/http.ts';
import { auditLogs } from '../support/queries.ts';
import { cluster, credentials, useClustersServer } from './setup.ts';

const { customerWithCluster } = useClustersServer();

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
    expect(reveals.map((entry) => entry.modelName)).toEqual([
      'CloudDatabaseClusterUser',
      'CloudDatabaseClusterUser',
    ]);
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
});
