import type { EngineVersion } from '../api/get-cluster-offer.ts';

// How the portal writes what the platform offers for a cluster: engines and versions (its plans are written as
// every plan is, components/pricing/plan-text.ts).

const engineNames: Readonly<Record<string, string>> = { postgresql: 'PostgreSQL', mysql: 'MySQL' };

/** `postgresql` → `PostgreSQL`; an engine the portal does not know yet keeps the platform's name. */
export const engineLabel = (type: string) => engineNames[type.toLowerCase()] ?? type;

/** `PostgreSQL 17`. */
export const engineVersionLabel = (spec: { type: string; version: string }) =>
  `${engineLabel(spec.type)} ${spec.version}`;

const newestFirst = (a: EngineVersion, b: EngineVersion) =>
  b.version.localeCompare(a.version, 'en', { numeric: true });

/** The engines on offer, in the platform's order, each with its versions newest first. */
export function enginesOf(versions: readonly EngineVersion[]): { type: string; versions: EngineVersion[] }[] {
  const types = [...new Set(versions.map((version) => version.type))];
  return types.map((type) => ({
    type,
    versions: versions.filter((version) => version.type === type).sort(newestFirst),
  }));
}
