// The desired state containers and container jobs share, as create builds it and modify merges into it;
// validation and the stores work on this one shape (each kind extends it with its own fields).

/** A variable to write (`value`, plain text from the client) or one kept as it is stored (`stored`). */
export type EnvironmentVariableSpec = { name: string; secret: boolean } & (
  { value: string; stored?: undefined } | { stored: string; value?: undefined }
);

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
