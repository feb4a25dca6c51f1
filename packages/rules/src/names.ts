// Names of namespaces and of the resources in them (containers, jobs, volumes, registries, database
// clusters) become Kubernetes object names: DNS labels that start with a letter (API.md). And the names of
// a workload's environment variables, as shells and Kubernetes take them.

export const RESOURCE_NAME_MAX = 63;

/**
 * What is wrong with a resource name, first found first: the length, then the characters from the start
 * (a name that breaks several rules gets the first of `empty`, `too-long`, `bad-start`, `bad-character`,
 * `bad-end`).
 */
export type ResourceNameProblem = 'empty' | 'too-long' | 'bad-start' | 'bad-character' | 'bad-end';

export function resourceNameProblem(name: string): ResourceNameProblem | undefined {
  if (name.length === 0) return 'empty';
  if (name.length > RESOURCE_NAME_MAX) return 'too-long';
  if (!/^[a-z]/.test(name)) return 'bad-start';
  if (!/^[a-z0-9-]*$/.test(name)) return 'bad-character';
  if (!/[a-z0-9]$/.test(name)) return 'bad-end';
  return undefined;
}

/** Letters, digits and `_`, not starting with a digit. */
export type VariableNameProblem = 'empty' | 'bad-start' | 'bad-character';

export function variableNameProblem(name: string): VariableNameProblem | undefined {
  if (name.length === 0) return 'empty';
  if (!/^[A-Za-z_]/.test(name)) return 'bad-start';
  if (!/^[A-Za-z0-9_]*$/.test(name)) return 'bad-character';
  return undefined;
}
