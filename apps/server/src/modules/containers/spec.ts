import type { ContainerScaling } from '../../db/schema.ts';
import type { WorkloadSpec } from '../workloads/spec.ts';

// The whole desired state of a container, as create builds it and modify merges into it; validation and
// the store work on this one shape.

export interface IngressSpec {
  /** Null until defaults are applied: then `{container}-{namespace}.{APPS_DOMAIN}`. */
  domainName: string | null;
  port: number;
  enableTLS: boolean;
  allowlist: string[];
}

export interface ContainerSpec extends WorkloadSpec {
  type: string;
  ports: string[];
  ingresses: IngressSpec[];
  healthCheck: { port: number; path: string } | null;
  scaling: ContainerScaling;
}
