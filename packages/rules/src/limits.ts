// The platform's numeric limits: volume sizes, replica counts, and the lengths of a private registry's
// source and credentials.

/** `not-whole`: not a whole number; `too-small` / `too-large`: outside the range. */
export type RangeProblem = 'not-whole' | 'too-small' | 'too-large';

function rangeProblem(value: number, min: number, max: number): RangeProblem | undefined {
  if (!Number.isInteger(value)) return 'not-whole';
  if (value < min) return 'too-small';
  if (value > max) return 'too-large';
  return undefined;
}

/** Volume sizes in whole GB: what one volume of the platform can hold. Volumes only grow. */
export const VOLUME_SIZE_GB = { min: 1, max: 1000 } as const;

/** A volume size in GB; `minimum` is larger than 1 when a volume grows (its current size + 1). */
export function volumeSizeProblem(
  gb: number,
  minimum: number = VOLUME_SIZE_GB.min,
): RangeProblem | undefined {
  return rangeProblem(gb, minimum, VOLUME_SIZE_GB.max);
}

/** A container's fixed number of replicas: 0 stops it without deleting it. */
export const MANUAL_REPLICAS = { min: 0, max: 10 } as const;
/** Autoscaling keeps a container between a minimum and a maximum number of replicas, both in this range. */
export const AUTOSCALING_REPLICAS = { min: 1, max: 10 } as const;

export function manualReplicasProblem(replicas: number): RangeProblem | undefined {
  return rangeProblem(replicas, MANUAL_REPLICAS.min, MANUAL_REPLICAS.max);
}

/**
 * What is wrong with autoscaling's range: `minimum-too-small` (below 1), `maximum-too-large` (above 10),
 * `minimum-above-maximum`.
 */
export type AutoscalingProblem = 'minimum-too-small' | 'maximum-too-large' | 'minimum-above-maximum';

export function autoscalingProblem(minimum: number, maximum: number): AutoscalingProblem | undefined {
  if (minimum < AUTOSCALING_REPLICAS.min) return 'minimum-too-small';
  if (maximum > AUTOSCALING_REPLICAS.max) return 'maximum-too-large';
  if (minimum > maximum) return 'minimum-above-maximum';
  return undefined;
}

/** A private registry's source (host[:port][/path]) and credentials, in characters. */
export const REGISTRY_SOURCE_MAX = 255;
export const REGISTRY_USERNAME_MAX = 255;
export const REGISTRY_PASSWORD_MAX = 4096;

export type CredentialProblem = 'empty' | 'too-long';

/** The user name as it is kept: trimmed first. */
export function registryUsernameProblem(username: string): CredentialProblem | undefined {
  if (username.length === 0) return 'empty';
  if (username.length > REGISTRY_USERNAME_MAX) return 'too-long';
  return undefined;
}

/** The password or access token, never trimmed. */
export function registryPasswordProblem(password: string): CredentialProblem | undefined {
  if (password.length === 0) return 'empty';
  if (password.length > REGISTRY_PASSWORD_MAX) return 'too-long';
  return undefined;
}
