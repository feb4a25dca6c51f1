import type { ContainerScaling } from '../../db/schema.ts';

// The whole desired state of a container (or container job), as create builds it and modify merges into it;
// validation and the store work on this one shape.

/** A variable to write (`value`, plain text from the client) or one kept as it is stored (`stored`). */
export type EnvironmentVariableSpec = { name: string; secret: boolean } & (
  { value: string; stored?: undefined } | { stored: string; value?: undefined }
);

export interface IngressSpec {
  /** Null until defaults are applied: then `{container}-{namespace}.{APPS_DOMAIN}`. */
  domainName: string | null;
  port: number;
  enableTLS: boolean;
  allowlist: string[];
}

export interface MountVolumeRequest {
  name: string;
  size?: number | null;
  autoCreate: boolean;
  increase: boolean;
}

/** A mount to resolve (`volume`, as the client asked) or one kept with its volume (`volumeId`). */
export type MountSpec = { path: string } & (
  { volume: MountVolumeRequest; volumeId?: undefined } | { volumeId: number; volume?: undefined }
);

/** What containers and container jobs both are: an image run with a size, variables and mounts. */
export interface WorkloadSpec {
  name: string;
  namespace: string;
  image: string;
  registry: string | null;
  resources: string;
  entrypoint: string[] | null;
  command: string[] | null;
  environmentVariables: EnvironmentVariableSpec[];
  mounts: MountSpec[];
}

export interface ContainerSpec extends WorkloadSpec {
  type: string;
  ports: string[];
  ingresses: IngressSpec[];
  healthCheck: { port: number; path: string } | null;
  scaling: ContainerScaling;
}
