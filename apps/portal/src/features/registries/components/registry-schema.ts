import * as z from 'zod/mini';
import {
  hostnameProblem,
  isImagePathComponent,
  isIpv4,
  isIpv6,
  REGISTRY_PASSWORD_MAX,
  REGISTRY_SOURCE_MAX,
  REGISTRY_USERNAME_MAX,
  registryPasswordProblem,
  registryUsernameProblem,
} from '@berth/rules';
import { problemCheck } from '@/lib/validation/problem-check.ts';
import { resourceNameSchema } from '@/lib/validation/resource-name.ts';

/**
 * Where images are pulled from, as the platform reads it: a registry host with an optional port and path
 * (registry.example.com, ghcr.io/org, registry.local:5000/team), optionally after https://. Host names
 * and paths follow @berth/rules; a host name is checked in lowercase, as DNS compares it.
 */
export function registrySourceProblem(source: string): string | null {
  if (!source) return 'Enter the registry, such as registry.example.com or ghcr.io/org';
  if (source.length > REGISTRY_SOURCE_MAX) return `Use at most ${REGISTRY_SOURCE_MAX} characters`;
  const scheme = /^([a-z]+):\/\//i.exec(source)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'https')
    return `Leave out ${scheme}://: registries are reached over HTTPS`;
  const rest = scheme === undefined ? source : source.slice(scheme.length + 3);
  const [authority = '', ...path] = rest.split('/');
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(authority);
  const host = match?.[1] ?? '';
  const validHost = host.startsWith('[')
    ? isIpv6(host.slice(1, -1))
    : isIpv4(host) || hostnameProblem(host.toLowerCase()) === undefined;
  if (!match || !validHost)
    return 'Start with the registry host name, such as registry.example.com or ghcr.io/org';
  if (match[2] !== undefined && (Number(match[2]) < 1 || Number(match[2]) > 65535))
    return 'Use a port from 1 to 65535';
  if (path.some((component) => !isImagePathComponent(component))) {
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
  username: z.string().check(
    z.trim(),
    problemCheck((username) => {
      const problem = registryUsernameProblem(username);
      if (problem === 'empty') return 'Enter the user name';
      return problem && `Use at most ${REGISTRY_USERNAME_MAX} characters`;
    }),
  ),
  password: z.string().check(
    problemCheck((password) => {
      const problem = registryPasswordProblem(password);
      if (problem === 'empty') return 'Enter the password or access token';
      return problem && `Use at most ${REGISTRY_PASSWORD_MAX} characters`;
    }),
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
