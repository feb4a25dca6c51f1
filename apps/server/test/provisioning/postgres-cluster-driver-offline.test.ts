import { afterAll, describe, expect, it } from 'vitest';
import type { ClusterState } from '../../src/provisioning/database-cluster-driver.ts';
import { createPostgresDatabaseClusters } from '../../src/provisioning/postgres/database-clusters.ts';
import { user } from './postgres-cluster-driver-setup.ts';

// The postgres driver's placement and refusals, which need no server.

describe('postgres database cluster driver without a server', () => {
  const driver = createPostgresDatabaseClusters({
    adminUrl: 'postgres://berth:secret@db.example.net:6543/postgres',
  });
  afterAll(() => driver.close());

  it('places a cluster on the admin URL server, behind a prefix of its id', () => {
    expect(driver.placement({ id: 42, name: 'shop', namespace: 'acme', engine: 'postgresql' })).toEqual({
      hostname: 'db.example.net',
      port: 6543,
      namePrefix: 'c42_',
    });
  });

  it('takes localhost and 5432 when the URL names neither', async () => {
    const defaults = createPostgresDatabaseClusters({ adminUrl: 'postgresql:///postgres' });
    expect(defaults.placement({ id: 7, name: 'shop', namespace: 'acme', engine: 'postgresql' })).toEqual({
      hostname: 'localhost',
      port: 5432,
      namePrefix: 'c7_',
    });
    await defaults.close();
  });

  it('refuses MySQL and takes every PostgreSQL version', () => {
    expect(driver.refusal('mysql', '8.4')).toBe(
      'MySQL clusters are not available here: this platform runs PostgreSQL clusters only (versions 14 to 17)',
    );
    expect(driver.refusal('postgresql', '14')).toBeNull();
    expect(driver.refusal('postgresql', '17')).toBeNull();
  });

  it('touches nothing of a cluster placed without its prefix', async () => {
    const unplaced: ClusterState = {
      id: 42,
      name: 'shop',
      namespace: 'acme',
      customerId: 7,
      runtimeNamespace: 'ns-0123456789ab',
      engine: 'postgresql',
      version: '16',
      patchLevelVersion: '16.10',
      size: { cpu: 1, memoryGb: 2, storageGb: 25, replicas: 1 },
      stopped: false,
      externalConnection: null,
      placement: { hostname: 'db.example.net', port: 6543, namePrefix: '' },
      databases: [],
      users: [user('admin')],
    };
    await expect(driver.apply(unplaced)).rejects.toThrow('cluster 42 was not placed by the postgres driver');
    await expect(driver.delete(unplaced)).rejects.toThrow('cluster 42 was not placed by the postgres driver');
  });
});
