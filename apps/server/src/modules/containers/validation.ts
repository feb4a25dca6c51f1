import {
  allowlistEntryProblem,
  AUTOSCALING_REPLICAS,
  autoscalingProblem,
  domainNameProblem,
  MANUAL_REPLICAS,
  manualReplicasProblem,
} from '@berth/rules';
import { badInput } from '../../errors.ts';
import { duplicate, validateWorkload } from '../workloads/rules.ts';
import type { ContainerSpec, IngressSpec } from './spec.ts';

// The rules of a container's whole desired state: those of every workload, then its ports, ingresses,
// health check and scaling, each failing with BAD_USER_INPUT and a message that starts with the field.
// Pure: nothing here reads the database. (Domain names of others are checked in the service.) Domain
// names and replica counts follow @berth/rules.

// Ports are decimal strings; a protocol suffix ("8080/tcp") is not accepted: every port is TCP.
const PORT = /^[1-9][0-9]{0,4}$/;

/** A valid port number's text, or null. */
export function portNumber(text: string): number | null {
  if (!PORT.test(text)) return null;
  const port = Number(text);
  return port <= 65535 ? port : null;
}

/** A domain name as it is stored: folded to lowercase (./patch.ts) before it is checked. */
export function hostnameProblem(domain: string): string | null {
  return domainNameProblem(domain)
    ? `ingresses: "${domain}" is not a valid domain name (lowercase host name such as shop.example.com)`
    : null;
}

function validateIngress(ingress: IngressSpec, ports: Set<number>) {
  if (ingress.domainName === null)
    throw new Error('ingress domain defaults must be applied before validation');
  const problem = hostnameProblem(ingress.domainName);
  if (problem) throw badInput('ingresses', problem);
  if (!ports.has(ingress.port)) {
    throw badInput(
      'ingresses',
      `ingresses: port ${ingress.port} of ${ingress.domainName} is not one of the container's ports`,
    );
  }
  const bad = ingress.allowlist.find((entry) => allowlistEntryProblem(entry) !== undefined);
  if (bad !== undefined) {
    throw badInput(
      'ingresses',
      `ingresses: allowlist entry "${bad}" is not an IPv4/IPv6 address or CIDR range`,
    );
  }
}

function validateScaling(scaling: ContainerSpec['scaling']) {
  if ('replicas' in scaling) {
    if (manualReplicasProblem(scaling.replicas)) {
      throw badInput(
        'scaling',
        `scaling: manual replicas must be from ${MANUAL_REPLICAS.min} to ${MANUAL_REPLICAS.max}`,
      );
    }
    return;
  }
  const { minimum, maximum, triggers } = scaling;
  if (autoscalingProblem(minimum, maximum)) {
    throw badInput(
      'scaling',
      `scaling: autoscaling needs ${AUTOSCALING_REPLICAS.min} <= minimum <= maximum <= ${AUTOSCALING_REPLICAS.max} replicas (got ${minimum} to ${maximum})`,
    );
  }
  if (triggers.length === 0)
    throw badInput('scaling', 'scaling: autoscaling needs at least one CPU or MEMORY trigger');
  const twice = duplicate(triggers, (trigger) => trigger.type);
  if (twice) throw badInput('scaling', `scaling: the ${twice} trigger is given twice`);
  const bad = triggers.find((trigger) => trigger.threshold < 1 || trigger.threshold > 100);
  if (bad) throw badInput('scaling', `scaling: the ${bad.type} trigger threshold must be from 1 to 100 %`);
}

/** Throws BAD_USER_INPUT for the first rule the desired state breaks. */
export function validateContainer(spec: ContainerSpec): void {
  validateWorkload(spec, 'Container');

  const badPort = spec.ports.find((port) => portNumber(port) === null);
  if (badPort !== undefined) {
    throw badInput('ports', `ports: "${badPort}" is not a port number from 1 to 65535 (digits only)`);
  }
  const twicePort = duplicate(spec.ports, (port) => String(Number(port)));
  if (twicePort) throw badInput('ports', `ports: ${twicePort} is given twice`);
  const ports = new Set(spec.ports.map(Number));

  for (const ingress of spec.ingresses) validateIngress(ingress, ports);
  const twiceDomain = duplicate(spec.ingresses, (ingress) => ingress.domainName ?? '');
  if (twiceDomain) throw badInput('ingresses', `ingresses: domain name ${twiceDomain} is given twice`);

  if (spec.healthCheck) {
    if (!ports.has(spec.healthCheck.port)) {
      throw badInput(
        'healthCheck',
        `healthCheck: port ${spec.healthCheck.port} is not one of the container's ports`,
      );
    }
    if (!spec.healthCheck.path.startsWith('/')) {
      throw badInput('healthCheck', `healthCheck: path "${spec.healthCheck.path}" must start with /`);
    }
  }

  validateScaling(spec.scaling);
}
