import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '../../src/provisioning/kubernetes/objects.ts';
import { renderDatabaseCluster } from '../../src/provisioning/kubernetes/render-database-cluster.ts';
import { renderContainerJob } from '../../src/provisioning/kubernetes/render-workloads.ts';
import { validateObject } from '../support/kubernetes-schemas.ts';
import { byKind, cluster, job } from './kubernetes-render-setup.ts';

// The check the renderings pass (support/kubernetes-schemas.ts) refuses what it must.

describe('the schema check itself', () => {
  it('refuses an object that breaks its schema, and a kind it has no schema for', () => {
    const [cronJob] = byKind(renderContainerJob(job), 'batch/v1', 'CronJob');
    expect(() => validateObject({ ...cronJob, spec: { schedule: 5 } } as KubernetesObject)).toThrow(
      /CronJob nightly/,
    );
    const [clusterObject] = byKind(renderDatabaseCluster(cluster), 'postgresql.cnpg.io/v1', 'Cluster');
    expect(() =>
      validateObject({ ...clusterObject, spec: { instances: 'three' } } as KubernetesObject),
    ).toThrow(/instances/);
    expect(() =>
      validateObject({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'x' } }),
    ).toThrow('No schema for example.com/v1/Widget');
  });
});
