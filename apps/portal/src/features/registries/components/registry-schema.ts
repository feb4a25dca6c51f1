import * as z from 'zod/mini';
import { resourceNameSchema } from '../../../lib/validation/resource-name.ts';
import { isIpv4, isIpv6 } from '../../../lib/validation/network.ts';

const hostLabel = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
const pathComponent = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;

/**
 * Where images are pulled from, as the platform reads it: a registry host with an optional port and path
 * (registry.example.com, ghcr.io/org, registry.local:5000/team), optionally after https://.
 */
export function registrySourceProblem(source: string): string | null {
  if (!source) return 'Enter the registry, such as registry.example.com or ghcr.io/org';
  if (source.length > 255) return 'Use at most 255 characters';
  const scheme = /^([a-z]+):\/\//i.exec(source)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'https')
    return `Leave out ${scheme}://: registries are reached over HTTPS`;
  const rest = scheme === undefined ? source : source.slice(scheme.length + 3);
  const [authority = '', ...path] = rest.split('/');
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(authority);
  const host = match?.[1] ?? '';
  const validHost = host.startsWith('[')
    ? isIpv6(host.slice(1, -1))
    : isIpv4(host) || (host.length <= 253 && host.split('.').every((label) => hostLabel.test(label)));
  if (!match || !validHost)
    return 'Start with the registry host name, such as registry.example.com or ghcr.io/org';
  if (match[2] !== undefined && (Number(match[2]) < 1 || Number(match[2]) > 65535))
    return 'Use a port from 1 to 65535';
  if (path.some((component) => !pathComponent.test(component))) {
    return 'Write the path in lowercase letters and digits separated by /, ., _ or -, such as ghcr.io/org';
  }
  return null;
}

export const registryFormSchema = z.object({
  name: resourceNameSchema,
  source: z.string().check(
    z.trim(),
    z.refine((source) => registrySourceProblem(source) === null, {
      error: (issue) => registrySourceProblem(String(issue.input)) ?? '',
    }),
  ),
  username: z
    .string()
    .check(z.trim(), z.minLength(1, 'Enter the user name'), z.maxLength(255, 'Use at most 255 characters')),
  password: z
    .string()
    .check(
      z.minLength(1, 'Enter the password or access token'),
      z.maxLength(4096, 'Use at most 4096 characters'),
    ),
  verify: z.boolean(),
});

export type RegistryFormValues = z.infer<typeof registryFormSchema>;

export const defaultRegistryValues: RegistryFormValues = {
  name: '',
  source: '',
  username: '',
  password: '',
  verify: true,
};
