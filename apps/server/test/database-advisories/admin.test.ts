import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.ts';
import { useClustersServer } from '../database-clusters/setup.ts';
import { runAdmin } from '../support/process.ts';
import { ADVISOR, today } from './setup.ts';

// `npm run admin -- advisor run [--cluster NAMESPACE/NAME]`: the analysis now, whenever it is due, with what
// it found printed. Once through the real command line (which reaches this process's server), the other
// cases through the command's function itself.

const suite = useClustersServer();
const admin = (...argv: string[]) => runAdminCommand(argv, suite.server.services);

describe('advisor run', () => {
  it('analyses one cluster now from the command line and prints what it found', async () => {
    const { customer } = await suite.customerWithCluster({ name: 'ledger', advisor: { enabled: true } });

    const result = await runAdmin(suite.server.database, ['advisor', 'run', '--cluster', 'shop/ledger']);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`shop/ledger (customer ${customer.customerId}): analysed ${today()}`);
    expect(result.stdout).toContain('2 advisories');
    expect(result.stdout).toMatch(
      /MissingIndex\tmissing-index:app\.public\.events\t\(database app\)\n {4}\S/,
    );
    expect(result.stdout).toMatch(
      /SettingSuggestion\tsetting:shared_buffers\n {4}.*shared_buffers is 128 MB/,
    );
    const { cloudDatabaseCluster } = await customer.data(ADVISOR, { name: 'ledger', namespace: 'shop' });
    expect(cloudDatabaseCluster.features[0]?.status).toBe(`analysed ${today()}`);
    expect(cloudDatabaseCluster.advisories).toHaveLength(2);
  });

  it('analyses every cluster with the advisor on, skipping the others, and runs again whenever asked', async () => {
    const { customer } = await suite.customerWithCluster({ name: 'stock', advisor: { enabled: true } });
    const other = (await suite.customerWithCluster({ name: 'archive' })).customer;

    const first = await admin('advisor', 'run');
    expect(first.exitCode, first.output).toBe(0);
    expect(first.output).toContain(`shop/stock (customer ${customer.customerId}): analysed`);
    expect(first.output).not.toContain('shop/archive');
    const before = (await customer.data(ADVISOR, { name: 'stock', namespace: 'shop' })).cloudDatabaseCluster;

    const again = await admin('advisor', 'run', '--cluster', 'shop/stock');
    expect(again.exitCode, again.output).toBe(0);
    const after = (await customer.data(ADVISOR, { name: 'stock', namespace: 'shop' })).cloudDatabaseCluster;
    expect(after.advisories.map((advisory) => advisory.identifier)).toEqual(
      before.advisories.map((advisory) => advisory.identifier),
    );
    expect(after.advisories[0]?.createdAt).not.toBe(before.advisories[0]?.createdAt);

    const off = await admin('advisor', 'run', '--cluster', 'shop/archive');
    expect(off.exitCode).toBe(1);
    expect(off.output).toContain(
      `shop/archive (customer ${other.customerId}): not analysed, the advisor is off`,
    );
  });

  it('names what it cannot find and refuses a malformed cluster', async () => {
    const unknown = await admin('advisor', 'run', '--cluster', 'shop/nothing-here');
    expect(unknown).toEqual({ exitCode: 1, output: 'Error: no database cluster shop/nothing-here' });
    const malformed = await admin('advisor', 'run', '--cluster', 'orders');
    expect(malformed.exitCode).toBe(2);
    expect(malformed.output).toMatch(/--cluster NAMESPACE\/NAME/);
  });
});
