import type { ContainerScaling } from '../../db/schema.ts';
import { badInput } from '../../errors.ts';
import type { ContainerModifyInput, IngressInput, ScalingInput } from '../../generated/resolvers-types.ts';
import { applyWorkloadPatch, isAbsent, refuseRepeats } from '../workloads/patch.ts';
import type { ContainerSpec, IngressSpec } from './spec.ts';

// A container's own fields, patched by the rules of ../workloads/patch.ts: ingresses are a list keyed by
// domain name or port, and an explicit null removes `healthCheck` (optional on a container) while it is
// the same as absent for ports and scaling (a container always has them).

export type ContainerPatch = Omit<ContainerModifyInput, 'name' | 'namespace'>;

const ingressOf = (item: IngressInput, domainName: string | null): IngressSpec => ({
  domainName,
  port: item.port,
  enableTLS: item.enableTLS ?? false,
  allowlist: item.whitelist ?? [],
});

/**
 * Ingresses are keyed by domain name when the item has one, otherwise by port: then it matches the address
 * on that port (and keeps its domain name), or adds one with the default domain when there is none.
 */
function patchIngresses(current: IngressSpec[], items: IngressInput[]) {
  refuseRepeats('ingresses', items, (item) => item.domainName?.toLowerCase() ?? `port ${item.port}`);
  let result = [...current];
  for (const item of items) {
    const domainName = item.domainName?.trim().toLowerCase() || null;
    if (domainName !== null) {
      result = result.filter((ingress) => ingress.domainName !== domainName);
      if (!isAbsent(item)) result.push(ingressOf(item, domainName));
      continue;
    }
    const onPort = result.filter((ingress) => ingress.port === item.port);
    if (isAbsent(item)) {
      result = result.filter((ingress) => ingress.port !== item.port);
    } else if (onPort.length > 1) {
      throw badInput(
        'ingresses',
        `ingresses: port ${item.port} has ${onPort.length} addresses; give the domainName of the one to change`,
      );
    } else {
      result = result.filter((ingress) => ingress.port !== item.port);
      result.push(ingressOf(item, onPort[0]?.domainName ?? null));
    }
  }
  return result;
}

export function scalingOf(input: ScalingInput): ContainerScaling {
  const { auto, manual } = input;
  if ((auto == null) === (manual == null)) {
    throw badInput('scaling', 'scaling: give exactly one of auto and manual');
  }
  if (manual) return { replicas: manual.replicas };
  if (!auto) throw new Error('unreachable: auto is set when manual is not');
  return {
    minimum: auto.replicas.minimum,
    maximum: auto.replicas.maximum,
    triggers: auto.triggers.map((trigger) => ({ type: trigger.type, threshold: trigger.threshold })),
  };
}

/** The desired state after the patch; throws BAD_USER_INPUT when the patch itself is contradictory. */
export function applyContainerPatch(current: ContainerSpec, patch: ContainerPatch): ContainerSpec {
  const next = applyWorkloadPatch(current, patch);
  if (patch.ports != null) next.ports = patch.ports.map((port) => port.trim());
  if (patch.scaling != null) next.scaling = scalingOf(patch.scaling);
  if ('healthCheck' in patch) next.healthCheck = patch.healthCheck ?? null;
  if (patch.ingresses != null) next.ingresses = patchIngresses(current.ingresses, patch.ingresses);
  return next;
}
