import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ClusterAdvisory, ClusterState } from '../../src/provisioning/database-cluster-driver.ts';
import {
  missingIndexes,
  settingAdvisories,
  type TableStatistics,
} from '../../src/provisioning/postgres/advisor.ts';
import {
  database,
  missing,
  user,
  usePostgresClusterDriver,
} from '../provisioning/postgres-cluster-driver-setup.ts';
import { eventually } from '../support/http.ts';
import { describeNeeding, postgresServerUrl } from '../support/postgres-server.ts';

// The advisor's analysis of PostgreSQL: its rules on given numbers, then the postgres driver reading a real
// server's statistics (a table of 20,000 rows scanned sequentially, another read by its index).

const MIB = 1024 * 1024;
const table = (overrides: Partial<TableStatistics> = {}): TableStatistics => ({
  schema: 'public',
  table: 'events',
  rows: 20_000,
  bytes: 2 * MIB,
  sequentialScans: 10,
  sequentialRowsRead: 200_000,
  indexScans: 0,
  ...overrides,
});
const identifiers = (advisories: ClusterAdvisory[]) => advisories.map((advisory) => advisory.identifier);

describe('missing indexes, by their thresholds', () => {
  it('reports a large table read mostly by long sequential scans, naming it and the numbers', () => {
    const [advisory] = missingIndexes('app', [table()]);
    expect(advisory).toEqual({
      type: 'MissingIndex',
      identifier: 'missing-index:app.public.events',
      databaseName: 'app',
      message: expect.stringContaining(
        'Table public.events in database app (20,000 rows, 2 MB) was read by 10 sequential scans (200,000 rows, 20,000 a scan) and 0 index scans',
      ) as string,
    });
    expect(advisory?.message).toMatch(/CREATE INDEX CONCURRENTLY ON public\.events/);
  });

  it('leaves out small tables, few scans, tables read mostly by index, and scans cut short', () => {
    expect(
      missingIndexes('app', [
        table({ table: 'small', rows: 9_999, bytes: 8 * MIB - 1 }),
        table({ table: 'rare', sequentialScans: 9, sequentialRowsRead: 180_000 }),
        table({ table: 'indexed', indexScans: 10 }),
        table({ table: 'limited', sequentialRowsRead: 9_990 }),
      ]),
    ).toEqual([]);
    // Large by its size alone (wide rows) counts.
    expect(identifiers(missingIndexes('app', [table({ rows: 500, bytes: 8 * MIB })]))).toEqual([
      'missing-index:app.public.events',
    ]);
  });
});

describe('settings, against the plan', () => {
  const defaults = { sharedBuffersBytes: 128 * MIB, workMemBytes: 4 * MIB, maxConnections: 100 };

  it("suggests shared_buffers of about a quarter of the plan's memory", () => {
    const [buffers, ...rest] = settingAdvisories(defaults, { memoryGb: 2 }, 'shared');
    expect(rest).toEqual([]);
    expect(buffers).toEqual({
      type: 'SettingSuggestion',
      identifier: 'setting:shared_buffers',
      message: expect.stringContaining(
        "shared_buffers is 128 MB, 6% of the 2 GB of memory of the cluster's plan: about 25% (512 MB)",
      ) as string,
    });
    // On a shared server the message says whose setting it is.
    expect(buffers?.message).toMatch(/shared with other clusters: this is that server's setting/);
    expect(settingAdvisories({ ...defaults, sharedBuffersBytes: 512 * MIB }, { memoryGb: 2 }, 'own')).toEqual(
      [],
    );
    const [tooLarge] = settingAdvisories(
      { ...defaults, sharedBuffersBytes: 1024 * MIB },
      { memoryGb: 2 },
      'own',
    );
    expect(tooLarge?.message).toMatch(/shared_buffers is 1 GB, 50% .* above 40%/);
    expect(tooLarge?.message).toMatch(/The platform sets it on the cluster's server/);
  });

  it('suggests fewer connections than a small plan affords, and a work_mem that fits them all', () => {
    expect(identifiers(settingAdvisories(defaults, { memoryGb: 1 }, 'own'))).toEqual([
      'setting:shared_buffers',
      'setting:max_connections',
    ]);
    const [connections] = settingAdvisories(defaults, { memoryGb: 1 }, 'own').slice(1);
    expect(connections?.message).toMatch(/max_connections is 100, more than the 51 connections/);

    const greedy = { sharedBuffersBytes: 512 * MIB, workMemBytes: 64 * MIB, maxConnections: 100 };
    const [workMem, ...rest] = settingAdvisories(greedy, { memoryGb: 2 }, 'own');
    expect(rest).toEqual([]);
    expect(workMem?.identifier).toBe('setting:work_mem');
    expect(workMem?.message).toMatch(/queries may ask for 6.3 GB at once .* lower work_mem to 15 MB/);
  });
});

describeNeeding(missing, 'the advisor on the postgres driver, on a PostgreSQL server', () => {
  const { world, cluster } = usePostgresClusterDriver();

  /** A connection to one of the cluster's databases as the server's admin (the test's own, ended by it). */
  async function inDatabase<T>(state: ClusterState, name: string, work: (client: pg.Client) => Promise<T>) {
    const url = new URL(postgresServerUrl);
    url.pathname = `/${state.placement.namePrefix}${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      // Its statistics reach the server's counters when it ends, at the latest.
      await client.end();
    }
  }

  it('reports a large table read by sequential scans, and neither an indexed table read by index nor another database', async () => {
    const state = cluster([database('app'), database('quiet')], [user('admin')]);
    await world.driver.apply(state);
    await inDatabase(state, 'app', async (client) => {
      await client.query('CREATE TABLE events (id int, kind text, payload text)');
      await client.query(
        "INSERT INTO events SELECT i, 'kind-' || (i % 50), repeat('x', 40) FROM generate_series(1, 20000) i",
      );
      await client.query('CREATE TABLE orders (id int PRIMARY KEY, total int)');
      await client.query('INSERT INTO orders SELECT i, i * 3 FROM generate_series(1, 20000) i');
      for (let i = 0; i < 12; i++) {
        await client.query('SELECT count(*) FROM events WHERE kind = $1', [`kind-${i}`]);
      }
      for (let i = 1; i <= 30; i++) await client.query('SELECT total FROM orders WHERE id = $1', [i * 7]);
    });

    const advisories = await eventually('the statistics of the scans', async () => {
      const found = await world.driver.advise(state);
      return found.some((advisory) => advisory.type === 'MissingIndex') ? found : undefined;
    });
    const missingIndex = advisories.filter((advisory) => advisory.type === 'MissingIndex');
    expect(missingIndex).toEqual([
      {
        type: 'MissingIndex',
        identifier: 'missing-index:app.public.events',
        databaseName: 'app',
        message: expect.stringMatching(
          /^Table public\.events in database app \(20,000 rows, [\d.]+ [kM]B\) was read by 12 sequential scans \(240,000 rows, 20,000 a scan\) and 0 index scans/,
        ) as string,
      },
    ]);
    // Whatever the server's settings are, they are said to be the shared server's.
    for (const advisory of advisories.filter((candidate) => candidate.type === 'SettingSuggestion')) {
      expect(advisory.identifier).toMatch(/^setting:(shared_buffers|max_connections|work_mem)$/);
      expect(advisory.message).toMatch(/shared with other clusters/);
    }
  });

  it('reads the settings of a cluster without databases from the server', async () => {
    const state = cluster([], [user('admin')]);
    await world.driver.apply(state);
    const advisories = await world.driver.advise(state);
    expect(advisories.every((advisory) => advisory.type === 'SettingSuggestion')).toBe(true);
  });
});
