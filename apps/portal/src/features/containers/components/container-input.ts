import type {
  ContainerCreateInput,
  ContainerModifyInput,
  ExternalConnectionInput,
  ExternalConnectionViewFragment,
  IngressInput,
  ScalingInput,
} from '@/gql/graphql.ts';
import { externalAccessValues } from '@/components/external-access/external-access-values.ts';
import { parseList, parsePort } from '@/lib/validation/network.ts';
import {
  listPatch,
  patchInput,
  same,
  toWorkloadCreateInput,
  toWorkloadValues,
  workloadPatch,
  type ConfigurableWorkload,
} from '@/components/workload/workload-input.ts';
import {
  defaultContainerValues,
  defaultScaling,
  parsePorts,
  type ContainerFormValues,
  type IngressValues,
} from './container-schema.ts';

// Between the form's values and the platform's inputs: a container as the form shows it, the create input
// for new values, and for configure the patch of API.md with only what changed. The fields every workload
// has are mapped by components/workload; the rest here.

/** The parts of a container the form edits, as the container query returns them. */
export interface ConfigurableContainer extends ConfigurableWorkload {
  ports: readonly string[];
  ingresses: readonly {
    domainName: string;
    port: number;
    enableTLS: boolean;
    allowlist: readonly string[];
  }[];
  healthCheck?: { port: number; path: string } | null;
  autoScaling?: {
    replicas: { minimum: number; maximum: number };
    triggers: readonly { type: string; threshold: number }[];
  } | null;
  numberOfReplicas: number;
  externalConnection?: ExternalConnectionViewFragment | null;
}

export function toFormValues(container: ConfigurableContainer): ContainerFormValues {
  const auto = container.autoScaling;
  const threshold = (type: string) => auto?.triggers.find((trigger) => trigger.type.toUpperCase() === type);
  return {
    ...defaultContainerValues,
    ...toWorkloadValues(container),
    ports: container.ports.join(', '),
    ingresses: container.ingresses.map((ingress) => ({
      key: ingress.domainName,
      domainName: ingress.domainName,
      port: String(ingress.port),
      enableTLS: ingress.enableTLS,
      allowlist: ingress.allowlist.join(', '),
    })),
    healthCheck: container.healthCheck
      ? { enabled: true, port: String(container.healthCheck.port), path: container.healthCheck.path }
      : defaultContainerValues.healthCheck,
    scaling: auto
      ? {
          ...defaultScaling,
          mode: 'auto',
          minimum: String(auto.replicas.minimum),
          maximum: String(auto.replicas.maximum),
          cpuTrigger: Boolean(threshold('CPU')),
          cpuThreshold: String(threshold('CPU')?.threshold ?? defaultScaling.cpuThreshold),
          memoryTrigger: Boolean(threshold('MEMORY')),
          memoryThreshold: String(threshold('MEMORY')?.threshold ?? defaultScaling.memoryThreshold),
        }
      : { ...defaultScaling, mode: 'manual', replicas: String(container.numberOfReplicas) },
    externalAccess: externalAccessValues(container.externalConnection),
  };
}

const ingressInput = (ingress: IngressValues): IngressInput => ({
  port: parsePort(ingress.port) ?? 0,
  enableTLS: ingress.enableTLS,
  whitelist: parseList(ingress.allowlist),
  domainName: ingress.domainName.trim().toLowerCase() || null,
});

function scalingInput({ scaling }: ContainerFormValues): ScalingInput {
  if (scaling.mode === 'manual') return { manual: { replicas: Number(scaling.replicas) } };
  return {
    auto: {
      replicas: { minimum: Number(scaling.minimum), maximum: Number(scaling.maximum) },
      triggers: [
        ...(scaling.cpuTrigger ? [{ type: 'CPU' as const, threshold: Number(scaling.cpuThreshold) }] : []),
        ...(scaling.memoryTrigger
          ? [{ type: 'MEMORY' as const, threshold: Number(scaling.memoryThreshold) }]
          : []),
      ],
    },
  };
}

const healthCheckInput = ({ healthCheck }: ContainerFormValues) =>
  healthCheck.enabled ? { port: parsePort(healthCheck.port) ?? 0, path: healthCheck.path.trim() } : null;

const portsInput = (values: ContainerFormValues) => (parsePorts(values.ports) ?? []).map(String);

/**
 * The create input for valid form values; `externalConnection` is external access's input
 * (externalConnectionCreateInput, whose rules come with its section).
 */
export function toCreateInput(
  namespace: string,
  values: ContainerFormValues,
  externalConnection: ExternalConnectionInput | null = null,
): ContainerCreateInput {
  return {
    ...toWorkloadCreateInput(namespace, values),
    ports: portsInput(values),
    ingresses: values.ingresses.map(ingressInput),
    scaling: scalingInput(values),
    healthCheck: healthCheckInput(values),
    ...(externalConnection && { externalConnection }),
  };
}

/**
 * The patch from the values the form opened with to the values saved (API.md): fields that did not change
 * are left out, list items are keyed as the platform keys them (variables by name, addresses by domain
 * name, mounts by path), removed ones are sent with `state: ABSENT`, and a removed health check as null.
 * `externalConnection` is external access's patch (externalConnectionPatch), undefined when unchanged.
 * Null when nothing changed.
 */
export function toModifyInput(
  namespace: string,
  initial: ContainerFormValues,
  current: ContainerFormValues,
  externalConnection?: ExternalConnectionInput,
): ContainerModifyInput | null {
  const patch: Omit<ContainerModifyInput, 'name' | 'namespace'> = workloadPatch(initial, current);

  if (!same(portsInput(current), portsInput(initial))) patch.ports = portsInput(current);

  // Addresses are keyed by the domain name they had: one whose domain changed is removed and added anew.
  const ingressKey = (ingress: IngressValues) =>
    ingress.key ?? `new:${ingress.domainName.trim().toLowerCase()}:${ingress.port}`;
  const currentIngresses = current.ingresses.map((ingress) =>
    ingress.key !== null && ingress.domainName.trim().toLowerCase() !== ingress.key
      ? { ...ingress, key: null }
      : ingress,
  );
  patch.ingresses = listPatch(initial.ingresses, currentIngresses, ingressKey, ingressInput, (ingress) => ({
    ...ingressInput(ingress),
    domainName: ingress.key,
    state: 'ABSENT',
  }));

  if (!same(healthCheckInput(current), healthCheckInput(initial)))
    patch.healthCheck = healthCheckInput(current);
  if (!same(scalingInput(current), scalingInput(initial))) patch.scaling = scalingInput(current);
  patch.externalConnection = externalConnection;

  return patchInput(initial.name, namespace, patch);
}
