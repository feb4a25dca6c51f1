import { KubeConfig } from '@kubernetes/client-node';
import type { Environment } from '../../environment.ts';

/** The cluster to drive: KUBECONFIG's file (its current context), else the pod's own service account. */
export function loadKubeConfig(env: Pick<Environment, 'KUBECONFIG'>): KubeConfig {
  const kubeConfig = new KubeConfig();
  if (env.KUBECONFIG) kubeConfig.loadFromFile(env.KUBECONFIG);
  else kubeConfig.loadFromCluster();
  return kubeConfig;
}
