import * as z from 'zod/mini';
import {
  mountPathKey,
  mountPathProblem,
  VOLUME_SIZE_GB,
  variableNameProblem,
  type MountPathProblem,
} from '@berth/rules';
import type { Control } from 'react-hook-form';
import type { ContainerResources } from '../../gql/graphql.ts';
import { imageReferenceProblem, parseWholeNumber } from '../../lib/validation/network.ts';
import { resourceNameProblem } from '../../lib/validation/resource-name.ts';
import { splitArguments } from './command-line.ts';
import { defaultResources } from './resources.ts';

// What containers and container jobs have alike (API.md: image, registry, size, entrypoint and command,
// variables, mounts), as their forms edit it (text, as typed), with the platform's rules for it, so nothing
// the API would refuse is sent.

export interface VariableValues {
  name: string;
  value: string;
  secret: boolean;
  /** A secret the platform keeps and never shows: an empty value keeps it. */
  stored: boolean;
}

export interface MountValues {
  path: string;
  volume: 'existing' | 'new';
  volumeName: string;
  /** GB, for a new volume. */
  size: string;
}

export interface WorkloadFormValues {
  name: string;
  image: string;
  /** Name of one of the namespace's private registries; empty for a public image. */
  registry: string;
  resources: ContainerResources;
  entrypoint: string;
  command: string;
  variables: VariableValues[];
  mounts: MountValues[];
}

/** A new workload's shared fields: nothing chosen or set yet but the smallest size. */
export const defaultWorkloadValues: WorkloadFormValues = {
  name: '',
  image: '',
  registry: '',
  resources: defaultResources,
  entrypoint: '',
  command: '',
  variables: [],
  mounts: [],
};

/** The form's control as the shared sections see it: only the fields every workload form has. */
export type WorkloadControl = Control<WorkloadFormValues>;

/**
 * A container's or a job's form control for the shared sections. react-hook-form's Control is invariant in
 * the values, so a form with more fields is not assignable as it is; the sections read and write only the
 * fields of WorkloadFormValues, which the form's values have with the same types.
 */
export function workloadControl<TValues extends WorkloadFormValues>(
  control: Control<TValues>,
): WorkloadControl {
  return control as unknown as WorkloadControl;
}

export const volumeSizeLimits = { minGb: VOLUME_SIZE_GB.min, maxGb: VOLUME_SIZE_GB.max } as const;

export const emptyVariable: VariableValues = { name: '', value: '', secret: false, stored: false };
const mountPathMessages: Record<MountPathProblem, string> = {
  'not-below-root': 'Enter an absolute path below /, such as /data',
  'parent-directory': 'Leave out ..',
};

export const emptyMount: MountValues = { path: '', volume: 'existing', volumeName: '', size: '' };

export interface WorkloadFormContext {
  /** Volumes the namespace already has: a new volume must take another name. */
  volumeNames: readonly string[];
}

export type FormIssue = { path: (string | number)[]; message: string };

/** Collects issues; a null message is no issue. */
export function issueCollector(): {
  issues: FormIssue[];
  report: (path: FormIssue['path'], message: string | null) => void;
} {
  const issues: FormIssue[] = [];
  return {
    issues,
    report: (path, message) => {
      if (message) issues.push({ path, message });
    },
  };
}

/** A whole number from `min` to `max` in `text`, or null. */
export function wholeIn(text: string, min: number, max: number): number | null {
  const value = parseWholeNumber(text);
  return value !== null && value >= min && value <= max ? value : null;
}

/** Every rule the shared fields break, each at the field that has to change. */
export function workloadFormIssues(values: WorkloadFormValues, context: WorkloadFormContext): FormIssue[] {
  const { issues, report } = issueCollector();

  report(['name'], resourceNameProblem(values.name));
  report(['image'], imageReferenceProblem(values.image.trim()));
  report(['entrypoint'], splitArguments(values.entrypoint) ? null : 'Close the quote');
  report(['command'], splitArguments(values.command) ? null : 'Close the quote');

  const seenVariables = new Set<string>();
  values.variables.forEach((variable, index) => {
    const name = variable.name.trim();
    const nameProblem = variableNameProblem(name);
    if (nameProblem === 'empty') report(['variables', index, 'name'], 'Enter a name');
    else if (nameProblem)
      report(['variables', index, 'name'], 'Use letters, digits and underscores, not starting with a digit');
    else if (seenVariables.has(name)) report(['variables', index, 'name'], `${name} is already set above`);
    seenVariables.add(name);
    if (variable.secret && !variable.stored && variable.value === '')
      report(['variables', index, 'value'], 'Enter the secret value');
    if (!variable.secret && variable.stored && variable.value === '')
      report(['variables', index, 'value'], 'Enter a value: the stored secret cannot be shown');
  });

  const paths = new Set<string>();
  const newVolumes = new Set<string>();
  values.mounts.forEach((mount, index) => {
    const path = mount.path.trim();
    const place = mountPathKey(path);
    const pathProblem = mountPathProblem(path);
    if (pathProblem) report(['mounts', index, 'path'], mountPathMessages[pathProblem]);
    else if (paths.has(place)) report(['mounts', index, 'path'], `${path} is already mounted above`);
    paths.add(place);
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
    if (wholeIn(mount.size, volumeSizeLimits.minGb, volumeSizeLimits.maxGb) === null) {
      report(
        ['mounts', index, 'size'],
        `Enter whole GB from ${volumeSizeLimits.minGb} to ${volumeSizeLimits.maxGb}`,
      );
    }
  });

  return issues;
}

/** A form's schema for react-hook-form: the values' shape, then every issue `issuesOf` finds. */
export function issuesSchema<TValues>(issuesOf: (values: TValues) => FormIssue[]) {
  return z.custom<TValues>().check(
    z.superRefine((values, ctx) => {
      for (const issue of issuesOf(values)) {
        ctx.issues.push({ code: 'custom', input: values, path: issue.path, message: issue.message });
      }
    }),
  );
}
