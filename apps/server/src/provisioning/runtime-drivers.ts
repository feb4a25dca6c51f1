import type { Database } from '../db/client.ts';
import type { Environment } from '../environment.ts';
import type { RuntimeDriver } from './driver.ts';
import type { RuntimeReports } from './runtime-port.ts';
import { createKubernetesDriver } from './kubernetes/driver.ts';
import { loadKubeConfig } from './kubernetes/kube-config.ts';
import { createSimulatedDriver } from './simulated/driver.ts';

/** The runtime the environment selects (PROVISIONER_DRIVER). */
export function createRuntimeDriver(
  env: Pick<
    Environment,
    | 'PROVISIONER_DRIVER'
    | 'SIMULATED_DELAY_MS'
    | 'KUBECONFIG'
    | 'KUBERNETES_STORAGE_CLASS'
    | 'IP_ADDRESS_LOAD_BALANCER_CLASS'
    | 'KUBERNETES_METRICS_INTERVAL_MS'
    | 'KUBERNETES_PROMETHEUS_URL'
    | 'KUBERNETES_PROMETHEUS_NAMESPACE'
  >,
  deps: {
    database: Database;
    /** Where the runtime reports what happened (the modules' implementation of the runtime port). */
    reports: RuntimeReports;
    log: { warn(payload: object, message: string): void };
  },
): RuntimeDriver {
  switch (env.PROVISIONER_DRIVER) {
    case 'simulated':
      return createSimulatedDriver({ delayMs: env.SIMULATED_DELAY_MS, reports: deps.reports });
    case 'kubernetes':
      return createKubernetesDriver({
        ...deps,
        kubeConfig: loadKubeConfig(env),
        storageClassName: env.KUBERNETES_STORAGE_CLASS,
        loadBalancerClass: env.IP_ADDRESS_LOAD_BALANCER_CLASS,
        metricsIntervalMs: env.KUBERNETES_METRICS_INTERVAL_MS,
        prometheusUrl: env.KUBERNETES_PROMETHEUS_URL,
        prometheusNamespace: env.KUBERNETES_PROMETHEUS_NAMESPACE,
      });
  }
}
