// Host names: dot-separated DNS labels of letters, digits and inner hyphens. DNS compares them without
// regard to letter case, Kubernetes (ingress hosts) wants them in lowercase: so the rule here is the
// lowercase one, and a host name is folded to lowercase before it is checked, as the platform stores it.

export const HOST_LABEL_MAX = 63;
export const HOSTNAME_MAX = 253;

const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** One label in lowercase: 1 to 63 of a-z, 0-9 and `-`, not starting or ending with `-`. */
export function isHostLabel(label: string): boolean {
  return HOST_LABEL.test(label);
}

/** `too-long`: more than 253 characters; `bad-label`: a label is empty, too long or has other characters. */
export type HostnameProblem = 'too-long' | 'bad-label';

/** A host name of one label or more (`localhost`, `registry.example.com`), in lowercase. */
export function hostnameProblem(hostname: string): HostnameProblem | undefined {
  if (hostname.length > HOSTNAME_MAX) return 'too-long';
  if (!hostname.split('.').every(isHostLabel)) return 'bad-label';
  return undefined;
}

/**
 * `single-label`: no dot (a name such as `localhost` is no public domain); `numeric-top-level`: the last
 * label is all digits (an IP address, or part of one).
 */
export type DomainNameProblem = HostnameProblem | 'single-label' | 'numeric-top-level';

/** A public domain name for a web address (`shop.example.com`), in lowercase. */
export function domainNameProblem(domain: string): DomainNameProblem | undefined {
  const problem = hostnameProblem(domain);
  if (problem) return problem;
  const labels = domain.split('.');
  if (labels.length < 2) return 'single-label';
  if (/^[0-9]+$/.test(labels.at(-1) ?? '')) return 'numeric-top-level';
  return undefined;
}
