import { isIPv4, isIPv6 } from 'node:net';

// A registry source is where images are pulled from: host[:port], optionally with a path
// (`registry.example.com`, `ghcr.io/org`, `registry.local:5000/team`), the way image references name it.

export interface RegistrySource {
  scheme: 'https' | 'http';
  /** host[:port] as given, IPv6 in brackets: the authority of the /v2/ URL. */
  authority: string;
  host: string;
}

const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
// The path-component grammar of image references (distribution/reference).
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const AUTHORITY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;
const MAX_LENGTH = 255;

const isHostname = (host: string) =>
  host.length <= 253 && host.split('.').every((label) => HOST_LABEL.test(label));

/** The parsed source, or the problem with it (a message naming the field). */
export function parseRegistrySource(
  input: string,
  options: { allowHttp: boolean },
): { source: RegistrySource } | { problem: string } {
  const example = 'e.g. registry.example.com or ghcr.io/org';
  if (input.length === 0) return { problem: `source is required (${example})` };
  if (input.length > MAX_LENGTH) return { problem: `source must be at most ${MAX_LENGTH} characters` };
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
  if (path.some((component) => !PATH_COMPONENT.test(component))) {
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
