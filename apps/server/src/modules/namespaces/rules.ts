// Names of namespaces and resources become Kubernetes object names (API.md).
const NAME_PATTERN = /^[a-z]([a-z0-9-]*[a-z0-9])?$/;

/** The problem with a resource name, or null when it is valid. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'name is required';
  if (name.length > 63) return 'name must be at most 63 characters';
  if (!NAME_PATTERN.test(name)) {
    return 'name must contain only lowercase letters, digits and hyphens, start with a letter and end with a letter or digit';
  }
  return null;
}
