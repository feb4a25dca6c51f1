import { RESOURCE_NAME_MAX, resourceNameProblem, type ResourceNameProblem } from '@berth/rules';

// Names of namespaces and resources become Kubernetes object names (API.md); the rule is @berth/rules'.
const PATTERN_MESSAGE =
  'name must contain only lowercase letters, digits and hyphens, start with a letter and end with a letter or digit';
const MESSAGES: Record<ResourceNameProblem, string> = {
  empty: 'name is required',
  'too-long': `name must be at most ${RESOURCE_NAME_MAX} characters`,
  'bad-start': PATTERN_MESSAGE,
  'bad-character': PATTERN_MESSAGE,
  'bad-end': PATTERN_MESSAGE,
};

/** The problem with a resource name, or null when it is valid. */
export function nameProblem(name: string): string | null {
  const problem = resourceNameProblem(name);
  return problem ? MESSAGES[problem] : null;
}
