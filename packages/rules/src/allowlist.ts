// Allowlists of network resources (ingresses, message queues, legacy databases, external connections): each
// entry an IPv4 or IPv6 address, or a CIDR range of either. The portal and the server both check them here.

/** Entries a single allowlist holds at most. */
export const ALLOWLIST_MAX = 50;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Four decimal octets, without leading zeros (which some parsers read as octal). */
export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

export function isIpv6(text: string): boolean {
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
  // The URL parser knows every valid IPv6 notation (compressed, with embedded IPv4), in browsers and Node.
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** `not-an-address`: neither an address nor address/prefix; `bad-prefix`: the prefix is not 0-32 (or 0-128). */
export type AllowlistEntryProblem = 'not-an-address' | 'bad-prefix';

/** `203.0.113.7`, `2001:db8::1`, `10.0.0.0/8` or `2001:db8::/32`. */
export function allowlistEntryProblem(entry: string): AllowlistEntryProblem | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const maxPrefix = isIpv4(address) ? 32 : isIpv6(address) ? 128 : null;
  if (maxPrefix === null || rest.length > 0) return 'not-an-address';
  if (prefix === undefined) return undefined;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix ? undefined : 'bad-prefix';
}
