import * as z from 'zod/mini';
import { AUTOSCALING_REPLICAS, autoscalingProblem, MANUAL_REPLICAS } from '@berth/rules';
import { allowlistEntryProblem, hostnameProblem, parseList, parsePort } from '@/lib/validation/network.ts';
import {
  checkedAlongside,
  externalAccessRefinement,
  noExternalAccess,
  type ExternalAccessTarget,
  type ExternalAccessValues,
} from '@/components/external-access/external-access-values.ts';
import {
  defaultWorkloadValues,
  issueCollector,
  issuesSchema,
  wholeIn,
  workloadFormIssues,
  type FormIssue,
  type WorkloadFormContext,
  type WorkloadFormValues,
} from '@/components/workload/workload-schema.ts';

// The container form, for creating and for configuring: the fields every workload has (components/workload)
// and a container's own (ports, web addresses, health check, scaling, external access), with the platform's
// rules (API.md, issues 5 and 27), so nothing the API would refuse is sent.

export interface IngressValues {
  /** The domain name the address had when the form was opened; null for a new address. */
  key: string | null;
  domainName: string;
  port: string;
  enableTLS: boolean;
  /** Addresses and CIDR ranges, separated by commas, spaces or lines; empty lets everyone in. */
  allowlist: string;
}

export interface ScalingValues {
  mode: 'manual' | 'auto';
  replicas: string;
  minimum: string;
  maximum: string;
  cpuTrigger: boolean;
  cpuThreshold: string;
  memoryTrigger: boolean;
  memoryThreshold: string;
}

export interface ContainerFormValues extends WorkloadFormValues {
  /** Container ports, separated by commas or spaces. */
  ports: string;
  ingresses: IngressValues[];
  healthCheck: { enabled: boolean; port: string; path: string };
  scaling: ScalingValues;
  externalAccess: ExternalAccessValues;
}

export const emptyIngress = (port: string): IngressValues => ({
  key: null,
  domainName: '',
  port,
  enableTLS: true,
  allowlist: '',
});

export const defaultScaling: ScalingValues = {
  mode: 'manual',
  replicas: '1',
  minimum: '1',
  maximum: '3',
  cpuTrigger: true,
  cpuThreshold: '80',
  memoryTrigger: false,
  memoryThreshold: '80',
};

export const defaultContainerValues: ContainerFormValues = {
  ...defaultWorkloadValues,
  ports: '',
  ingresses: [],
  healthCheck: { enabled: false, port: '', path: '/' },
  scaling: defaultScaling,
  externalAccess: noExternalAccess,
};

/** The container ports as numbers, or null when one of them is not a port. */
export function parsePorts(text: string): number[] | null {
  const ports = parseList(text).map(parsePort);
  return ports.every((port): port is number => port !== null) ? ports : null;
}

/** What external access forwards to: the container's ports as typed. */
export const externalAccessTarget = (ports: readonly number[]): ExternalAccessTarget => ({
  kind: 'container',
  ports,
});

/** Every rule the values break, each at the field that has to change (external access's: its own check). */
export function containerFormIssues(values: ContainerFormValues, context: WorkloadFormContext): FormIssue[] {
  const { issues, report } = issueCollector();
  issues.push(...workloadFormIssues(values, context));

  const portList = parseList(values.ports);
  const ports = new Set<number>();
  for (const entry of portList) {
    const port = parsePort(entry);
    if (port === null) {
      report(['ports'], `${entry} is not a port: use a number from 1 to 65535`);
      break;
    }
    if (ports.has(port)) {
      report(['ports'], `Port ${port} is listed twice`);
      break;
    }
    ports.add(port);
  }
  const isContainerPort = (text: string) => {
    const port = parsePort(text);
    return port !== null && ports.has(port);
  };

  const domains = new Set<string>();
  const defaultAddressPorts = new Set<string>();
  values.ingresses.forEach((ingress, index) => {
    const domain = ingress.domainName.trim().toLowerCase();
    if (domain) {
      report(
        ['ingresses', index, 'domainName'],
        hostnameProblem(domain) ?? (domains.has(domain) ? `${domain} is already used above` : null),
      );
      domains.add(domain);
    } else if (defaultAddressPorts.has(ingress.port)) {
      report(['ingresses', index, 'domainName'], 'Enter a domain: only one default address per port');
    } else {
      defaultAddressPorts.add(ingress.port);
    }
    if (!ingress.port) report(['ingresses', index, 'port'], 'Choose a port');
    else if (!isContainerPort(ingress.port))
      report(['ingresses', index, 'port'], `Port ${ingress.port} is not one of the container's ports`);
    const badEntry = parseList(ingress.allowlist).map(allowlistEntryProblem).find(Boolean);
    report(['ingresses', index, 'allowlist'], badEntry ?? null);
  });

  if (values.healthCheck.enabled) {
    if (!values.healthCheck.port) report(['healthCheck', 'port'], 'Choose a port');
    else if (!isContainerPort(values.healthCheck.port))
      report(['healthCheck', 'port'], `Port ${values.healthCheck.port} is not one of the container's ports`);
    if (!values.healthCheck.path.startsWith('/')) report(['healthCheck', 'path'], 'Start the path with /');
    else if (/\s/.test(values.healthCheck.path)) report(['healthCheck', 'path'], 'Leave out spaces');
  }

  const { scaling } = values;
  if (scaling.mode === 'manual') {
    const { min, max } = MANUAL_REPLICAS;
    if (wholeIn(scaling.replicas, min, max) === null)
      report(['scaling', 'replicas'], `Enter a whole number from ${min} to ${max}`);
  } else {
    const { min, max } = AUTOSCALING_REPLICAS;
    const minimum = wholeIn(scaling.minimum, min, max);
    const maximum = wholeIn(scaling.maximum, min, max);
    if (minimum === null) report(['scaling', 'minimum'], `Enter a whole number from ${min} to ${max}`);
    if (maximum === null) report(['scaling', 'maximum'], `Enter a whole number from ${min} to ${max}`);
    else if (minimum !== null && autoscalingProblem(minimum, maximum) === 'minimum-above-maximum')
      report(['scaling', 'maximum'], 'Enter at least the minimum');
    if (!scaling.cpuTrigger && !scaling.memoryTrigger)
      report(['scaling', 'cpuTrigger'], 'Autoscaling needs at least one trigger: CPU, memory or both');
    if (scaling.cpuTrigger && wholeIn(scaling.cpuThreshold, 1, 100) === null)
      report(['scaling', 'cpuThreshold'], 'Enter a percentage from 1 to 100');
    if (scaling.memoryTrigger && wholeIn(scaling.memoryThreshold, 1, 100) === null)
      report(['scaling', 'memoryThreshold'], 'Enter a percentage from 1 to 100');
  }

  return issues;
}

/** The form's schema for react-hook-form: the values' shape, then every rule above, and external access's. */
export function containerFormSchema(context: WorkloadFormContext) {
  return issuesSchema((values: ContainerFormValues) => containerFormIssues(values, context)).check(
    z.superRefine(
      externalAccessRefinement((values: ContainerFormValues) =>
        externalAccessTarget(parsePorts(values.ports) ?? []),
      ),
      checkedAlongside,
    ),
  );
}
