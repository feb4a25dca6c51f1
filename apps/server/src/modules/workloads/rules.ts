import { imageReferenceProblem, mountPathKey, mountPathProblem, variableNameProblem } from '@berth/rules';
import { badInput } from '../../errors.ts';
import { nameProblem } from '../namespaces/rules.ts';
import { containerSize } from '../pricing/resources.ts';
import type { WorkloadSpec } from './spec.ts';

// The rules containers and container jobs share, each failing with BAD_USER_INPUT and a message that
// starts with the field. Pure: nothing here reads the database, so bad input is refused before anything
// is written. (Registry existence and volumes are checked in the services.)

export function imageProblem(image: string): string | null {
  const problem = imageReferenceProblem(image);
  if (problem === 'empty') return 'image: an image is required, e.g. nginx:1.27';
  if (problem) {
    return `image: "${image}" is not an image reference ([registry[:port]/]path[:tag][@sha256:digest], path in lowercase)`;
  }
  return null;
}

/** The first key that two items share, if any. */
export function duplicate<T>(items: T[], key: (item: T) => string): string | undefined {
  const seen = new Set<string>();
  for (const item of items) {
    const value = key(item);
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

/**
 * The rules containers and container jobs share (name, image, registry, size, variables, mounts); `kind`
 * starts the name message ("Container", "Container job").
 */
export function validateWorkload(spec: WorkloadSpec, kind: string): void {
  const problem = nameProblem(spec.name);
  if (problem) throw badInput('name', `${kind} ${problem}`);
  const image = imageProblem(spec.image);
  if (image) throw badInput('image', image);
  if (spec.registry !== null && nameProblem(spec.registry)) {
    throw badInput('registry', `registry: "${spec.registry}" is not a registry name`);
  }
  containerSize(spec.resources);

  for (const variable of spec.environmentVariables) {
    if (variableNameProblem(variable.name)) {
      throw badInput(
        'environmentVariables',
        `environmentVariables: "${variable.name}" is not a variable name (letters, digits and _, not starting with a digit)`,
      );
    }
  }
  const twiceVariable = duplicate(spec.environmentVariables, (variable) => variable.name);
  if (twiceVariable)
    throw badInput('environmentVariables', `environmentVariables: ${twiceVariable} is given twice`);

  for (const mount of spec.mounts) {
    const pathProblem = mountPathProblem(mount.path);
    if (pathProblem === 'not-below-root')
      throw badInput('mounts', `mounts: path "${mount.path}" must be an absolute path below /`);
    if (pathProblem === 'parent-directory')
      throw badInput('mounts', `mounts: path "${mount.path}" must not contain ..`);
    if (mount.volume && nameProblem(mount.volume.name)) {
      throw badInput('mounts', `mounts: "${mount.volume.name}" is not a volume name`);
    }
  }
  const twicePath = duplicate(spec.mounts, (mount) => mountPathKey(mount.path));
  if (twicePath) throw badInput('mounts', `mounts: path ${twicePath} is given twice`);
}
