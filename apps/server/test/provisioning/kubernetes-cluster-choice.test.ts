import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../../src/environment.ts';

describe('choosing the cluster', () => {
  it('needs a kubeconfig outside a cluster, and takes the pod service account inside one', () => {
    for (const driver of [{ PROVISIONER_DRIVER: 'kubernetes' }, { DATABASE_CLUSTERS_DRIVER: 'kubernetes' }]) {
      expect(() => readEnvironment(driver)).toThrow(
        'Invalid environment variable KUBECONFIG: required for the kubernetes drivers outside a cluster',
      );
      expect(readEnvironment({ ...driver, KUBERNETES_SERVICE_HOST: '10.96.0.1' })).toMatchObject(driver);
    }
    expect(() => readEnvironment({ KUBERNETES_STORAGE_CLASS: 'Fast_SSD' })).toThrow(
      /KUBERNETES_STORAGE_CLASS/,
    );
  });
});
