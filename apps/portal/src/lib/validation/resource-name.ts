import * as z from 'zod/mini';
import { RESOURCE_NAME_MAX, resourceNameProblem as problemOf, type ResourceNameProblem } from '@berth/rules';
import { problemCheck } from './problem-check.ts';

// API.md: names of namespaces and of the resources in them become Kubernetes object names (the rule is
// @berth/rules'). Each problem has its own message so the customer sees which rule the name breaks.
const messages: Record<ResourceNameProblem, string> = {
  empty: 'Enter a name',
  'bad-start': 'Start with a lowercase letter',
  'bad-character': 'Use only lowercase letters, digits and hyphens',
  'bad-end': 'End with a letter or a digit',
  'too-long': `Use at most ${RESOURCE_NAME_MAX} characters`,
};

/** The first rule `name` breaks, or null: for forms that validate names inside a larger check. */
export function resourceNameProblem(name: string): string | null {
  const problem = problemOf(name);
  return problem ? messages[problem] : null;
}

export const resourceNameSchema = z.string().check(problemCheck(resourceNameProblem));
