import { isIPv4, isIPv6 } from 'node:net';
import { hostnameProblem, isImagePathComponent, REGISTRY_SOURCE_MAX } from '@berth/rules';

// A registry source is where images are pulled from: host[:port], optionally with a path
// (`registry.example.com`, `ghcr.io/org`, `registry.local:5000/team`), the way image references name it
// (its host and path follow @berth/rules).

export interface RegistrySource {
  scheme: 'https' | 'http';
  /** host[:port] as given, IPv6 in brackets: the authority of the /v2/ URL. */
  authority: string;
  host: string;
}

const AUTHORITY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

// Host names are case-insensitive: checked (and kept) in lowercase.
const isHostname = (host: string) => hostnameProblem(host.toLowerCase()) === undefined;

/** The parsed source, or the problem with it (a message naming the field). */
export function parseRegistrySource(
  input: string,
  options: { allowHttp: boolean },
): { source: RegistrySource } | { problem: string } {
  const example = 'e.g. registry.example.com or ghcr.io/org';
  if (input.length === 0) return { problem: `source is required (${example})` };
  if (input.length > REGISTRY_SOURCE_MAX) {
    return { problem: `source must be at most ${REGISTRY_SOURCE_MAX} characters` };
  }
  const scheme = /^([a-z]+):\/\//i.exec(input)?.[1]?.toLowerCase();
  // Plain http only exists for local test registries, which the private-address flag allows anyway.
  if (scheme !== undefined && scheme !== 'https' && !(scheme === 'http' && options.allowHttp)) {
    return { problem: `source must be a registry host without ${scheme}:// (${example})` };
  }
  const rest = scheme === undefined ? input : input.slice(scheme.length + 3);
  const [authority = '', ...path] = rest.split('/');
  const match = AUTHORITY.exec(authority);
  const host = match?.[1] ?? '';
  const port = match?.[2] === undefined ? undefined : Number(match[2]);
  const validHost = host.startsWith('[') ? isIPv6(host.slice(1, -1)) : isIPv4(host) || isHostname(host);
  if (!match || !validHost) return { problem: `source must start with a registry host name (${example})` };
  if (port !== undefined && (port < 1 || port > 65535)) {
    return { problem: 'source port must be from 1 to 65535' };
  }
  if (path.some((component) => !isImagePathComponent(component))) {
    return {
      problem:
        'source path must be lowercase letters and digits separated by /, ., _ or - (e.g. ghcr.io/org)',
    };
  }
  return {
    source: {
      scheme: scheme === 'http' ? 'http' : 'https',
      authority: authority.toLowerCase(),
      host: host.toLowerCase(),
    },
  };
}
