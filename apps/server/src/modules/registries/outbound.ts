import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Requests the server makes on a customer's behalf to an address the customer chose. Without care they
// reach the platform's own network (metadata services, databases, admin endpoints), so every host is
// resolved first, refused when any address is internal, and the connection pinned to the checked address
// (a second lookup could answer differently: DNS rebinding).

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is loopback, private, link-local, shared (CGNAT) or otherwise not public. */
export function isInternalAddress(address: string): boolean {
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) reaches the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return internal.check(mapped, 'ipv4');
  return internal.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

export class OutboundError extends Error {
  constructor(
    message: string,
    readonly reason: 'internal' | 'unreachable',
  ) {
    super(message);
  }
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface OutboundOptions {
  /** Let requests reach internal addresses and plain http (tests, local registries). */
  allowInternal: boolean;
  timeoutMs: number;
}

const MAX_BODY_BYTES = 64 * 1024;
const MAX_REDIRECTS = 3;

async function checkedAddress(url: URL, options: OutboundOptions) {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowInternal)) {
    throw new OutboundError(`${url.protocol}// addresses are not allowed`, 'internal');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new OutboundError(`the name ${host} does not resolve`, 'unreachable');
  }
  const blocked = addresses.find((entry) => isInternalAddress(entry.address));
  if (blocked && !options.allowInternal) {
    throw new OutboundError(`${host} resolves to the internal address ${blocked.address}`, 'internal');
  }
  const first = addresses[0];
  if (!first) throw new OutboundError(`the name ${host} does not resolve`, 'unreachable');
  return first;
}

function request(
  url: URL,
  headers: Record<string, string>,
  pinned: { address: string; family: number },
  timeoutMs: number,
) {
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const outgoing = client.get(
      url,
      {
        headers: { accept: 'application/json', ...headers },
        lookup: pinnedLookup,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            response.destroy(new Error('answer too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
  });
}

/**
 * GET of a public address; follows redirects only within the same origin. Throws OutboundError when the
 * address is internal (and not allowed) or cannot be reached in time.
 */
export async function guardedGet(
  target: URL,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  let url = target;
  for (let redirects = 0; ; redirects++) {
    const pinned = await checkedAddress(url, options);
    let response: OutboundResponse;
    try {
      response = await request(url, headers, pinned, options.timeoutMs);
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      const detail = timedOut ? `no answer within ${options.timeoutMs / 1000} s` : (error as Error).message;
      throw new OutboundError(`${url.host} cannot be reached: ${detail}`, 'unreachable');
    }
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) return response;
    const next = new URL(location, url);
    // Credentials go along with the request: never to another host.
    if (next.origin !== url.origin || redirects >= MAX_REDIRECTS) return response;
    url = next;
  }
}
