import * as z from 'zod/mini';
import type { ContainerResources } from '../../../gql/graphql.ts';
import { resourceNameProblem } from '../../../lib/validation/resource-name.ts';
import {
  allowlistEntryProblem,
  hostnameProblem,
  imageReferenceProblem,
  parseList,
  parsePort,
  parseWholeNumber,
} from '../../../lib/validation/network.ts';
import { splitArguments } from './command-line.ts';
import { defaultResources } from './resources.ts';

// The container form, for creating and for configuring: its values as the customer edits them (text, as
// typed) and one check with the platform's rules (API.md, issue 5), so nothing the API would refuse is sent.

export interface VariableValues {
  name: string;
  value: string;
  secret: boolean;
  /** A secret the platform keeps and never shows: an empty value keeps it. */
  stored: boolean;
}

export interface IngressValues {
  /** The domain name the address had when the form was opened; null for a new address. */
  key: string | null;
  domainName: string;
  port: string;
  enableTLS: boolean;
  /** Addresses and CIDR ranges, separated by commas, spaces or lines; empty lets everyone in. */
  allowlist: string;
}

export interface MountValues {
  path: string;
  volume: 'existing' | 'new';
  volumeName: string;
  /** GB, for a new volume. */
  size: string;
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

export interface ContainerFormValues {
  name: string;
  image: string;
  /** Name of one of the namespace's private registries; empty for a public image. */
  registry: string;
  resources: ContainerResources;
  entrypoint: string;
  command: string;
  variables: VariableValues[];
  /** Container ports, separated by commas or spaces. */
  ports: string;
  ingresses: IngressValues[];
  healthCheck: { enabled: boolean; port: string; path: string };
  scaling: ScalingValues;
  mounts: MountValues[];
}

export const limits = { maxReplicas: 10, minVolumeGb: 1, maxVolumeGb: 1000 } as const;

export const emptyVariable: VariableValues = { name: '', value: '', secret: false, stored: false };
export const emptyMount: MountValues = { path: '', volume: 'existing', volumeName: '', size: '' };
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
  name: '',
  image: '',
  registry: '',
  resources: defaultResources,
  entrypoint: '',
  command: '',
  variables: [],
  ports: '',
  ingresses: [],
  healthCheck: { enabled: false, port: '', path: '/' },
  scaling: defaultScaling,
  mounts: [],
};

export const variableNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The container ports as numbers, or null when one of them is not a port. */
export function parsePorts(text: string): number[] | null {
  const ports = parseList(text).map(parsePort);
  return ports.every((port): port is number => port !== null) ? ports : null;
}

export interface ContainerFormContext {
  /** Volumes the namespace already has: a new volume must take another name. */
  volumeNames: readonly string[];
}

type Issue = { path: (string | number)[]; message: string };

/** Every rule the values break, each at the field that has to change. */
export function containerFormIssues(values: ContainerFormValues, context: ContainerFormContext): Issue[] {
  const issues: Issue[] = [];
  const report = (path: Issue['path'], message: string | null) => {
    if (message) issues.push({ path, message });
  };

  report(['name'], resourceNameProblem(values.name));
  report(['image'], imageReferenceProblem(values.image.trim()));
  report(['entrypoint'], splitArguments(values.entrypoint) ? null : 'Close the quote');
  report(['command'], splitArguments(values.command) ? null : 'Close the quote');

  const seenVariables = new Set<string>();
  values.variables.forEach((variable, index) => {
    const name = variable.name.trim();
    if (!name) report(['variables', index, 'name'], 'Enter a name');
    else if (!variableNamePattern.test(name))
      report(['variables', index, 'name'], 'Use letters, digits and underscores, not starting with a digit');
    else if (seenVariables.has(name)) report(['variables', index, 'name'], `${name} is already set above`);
    seenVariables.add(name);
    if (variable.secret && !variable.stored && variable.value === '')
      report(['variables', index, 'value'], 'Enter the secret value');
    if (!variable.secret && variable.stored && variable.value === '')
      report(['variables', index, 'value'], 'Enter a value: the stored secret cannot be shown');
  });

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
  const wholeIn = (text: string, min: number, max: number) => {
    const value = parseWholeNumber(text);
    return value !== null && value >= min && value <= max ? value : null;
  };
  if (scaling.mode === 'manual') {
    if (wholeIn(scaling.replicas, 0, limits.maxReplicas) === null)
      report(['scaling', 'replicas'], `Enter a whole number from 0 to ${limits.maxReplicas}`);
  } else {
    const minimum = wholeIn(scaling.minimum, 1, limits.maxReplicas);
    const maximum = wholeIn(scaling.maximum, 1, limits.maxReplicas);
    if (minimum === null)
      report(['scaling', 'minimum'], `Enter a whole number from 1 to ${limits.maxReplicas}`);
    if (maximum === null)
      report(['scaling', 'maximum'], `Enter a whole number from 1 to ${limits.maxReplicas}`);
    else if (minimum !== null && maximum < minimum)
      report(['scaling', 'maximum'], 'Enter at least the minimum');
    if (!scaling.cpuTrigger && !scaling.memoryTrigger)
      report(['scaling', 'cpuTrigger'], 'Autoscaling needs at least one trigger: CPU, memory or both');
    if (scaling.cpuTrigger && wholeIn(scaling.cpuThreshold, 1, 100) === null)
      report(['scaling', 'cpuThreshold'], 'Enter a percentage from 1 to 100');
    if (scaling.memoryTrigger && wholeIn(scaling.memoryThreshold, 1, 100) === null)
      report(['scaling', 'memoryThreshold'], 'Enter a percentage from 1 to 100');
  }

  const paths = new Set<string>();
  const newVolumes = new Set<string>();
  values.mounts.forEach((mount, index) => {
    const path = mount.path.trim();
    const normalised = path.replace(/\/+$/, '');
    if (!path.startsWith('/') || !normalised)
      report(['mounts', index, 'path'], 'Enter an absolute path below /, such as /data');
    else if (path.split('/').includes('..')) report(['mounts', index, 'path'], 'Leave out ..');
    else if (paths.has(normalised)) report(['mounts', index, 'path'], `${path} is already mounted above`);
    paths.add(normalised);
    const volumeName = mount.volumeName.trim();
    if (mount.volume === 'existing') {
      if (!volumeName) report(['mounts', index, 'volumeName'], 'Choose a volume');
      return;
    }
    const nameProblem = resourceNameProblem(volumeName);
    if (nameProblem) report(['mounts', index, 'volumeName'], nameProblem);
    else if (context.volumeNames.includes(volumeName))
      report(['mounts', index, 'volumeName'], `A volume named ${volumeName} exists: choose it instead`);
    else if (newVolumes.has(volumeName))
      report(['mounts', index, 'volumeName'], `${volumeName} is already created above`);
    newVolumes.add(volumeName);
    if (wholeIn(mount.size, limits.minVolumeGb, limits.maxVolumeGb) === null) {
      report(['mounts', index, 'size'], `Enter whole GB from ${limits.minVolumeGb} to ${limits.maxVolumeGb}`);
    }
  });

  return issues;
}

/** The form's schema for react-hook-form: the values' shape, then every rule above. */
export function containerFormSchema(context: ContainerFormContext) {
  return z.custom<ContainerFormValues>().check(
    z.superRefine((values, ctx) => {
      for (const issue of containerFormIssues(values, context)) {
        ctx.issues.push({ code: 'custom', input: values, path: issue.path, message: issue.message });
      }
    }),
  );
}
