import { createHash } from 'node:crypto';
import type { ExternalConnectionState, ExternalPortState } from '../external-connection.ts';
import { LABELS, type KubernetesObject } from './objects.ts';

// A resource's external connection (API.md "external connections") as cluster objects: LoadBalancer Services on
// the address pair Berth allocated from the operator's pools, one per distinct allowlist (source ranges are per
// Service, not per port), and a NetworkPolicy that lets the allowed clients through the namespace's default-deny
// policy to the pods' internal ports.
//
// Decisions:
// - externalTrafficPolicy Local on a pair of the connection's own. With Cluster, kube-proxy masquerades the
//   traffic it forwards, so the pod (and its NetworkPolicy) sees a node's address instead of the client's: an
//   ipBlock rule of the allowlist would then refuse every client. Local keeps the client's address, so the
//   allowlist holds twice: at the load balancer (loadBalancerSourceRanges, which kube-proxy or the cloud's
//   firewall enforces) and at the pod (the NetworkPolicy, which also covers the Service's node ports). It is
//   also what the customer's program sees.
// - Cluster on a customer's shared pair: MetalLB shares an address between Services with Local only when they
//   select the same pods, and the shared pair carries several resources' Services. There the allowlist holds
//   at the load balancer alone, and the NetworkPolicy lets the forwarded traffic in on the internal ports
//   (docs/kubernetes.md, "External connections").
// - The addresses: with a load balancer class (MetalLB's), the annotation MetalLB documents for dual stack,
//   `metallb.universe.tf/loadBalancerIPs: "<ipv4>,<ipv6>"`. Without one, the cluster's default load balancer
//   gets the deprecated `spec.loadBalancerIP`, which holds one address: the IPv4 one, as the field predates dual
//   stack and the implementations that honour it (cloud providers, MetalLB, kube-vip) read an IPv4 address
//   there; the IPv6 address is then whichever the load balancer picks. Both at once MetalLB refuses.
// - Every Service carries MetalLB's `allow-shared-ip` with a key of the address pair, so that the Services of
//   one connection (and of a customer's shared pair) may hold the same addresses; other load balancers ignore it.

/** MetalLB's annotations (https://metallb.universe.tf/usage/), which MetalLB 0.13 and later read. */
export const METALLB_ADDRESSES = 'metallb.universe.tf/loadBalancerIPs';
export const METALLB_SHARING_KEY = 'metallb.universe.tf/allow-shared-ip';

/** Kubernetes object names here are DNS labels (a Service's must be an RFC 1035 label). */
const NAME_MAX = 63;
const SUFFIX = '-external-ip';

export interface LoadBalancerOptions {
  /** The Services' `loadBalancerClass` (IP_ADDRESS_LOAD_BALANCER_CLASS); without it the cluster's default. */
  loadBalancerClass?: string;
}

/** What the connection's objects need to know of the resource it belongs to. */
export interface ConnectedResource {
  /** The start of the objects' names: the name of the resource's own main object, a DNS label. */
  baseName: string;
  namespace: string;
  /** The resource's labels (labelsOf). */
  labels: Record<string, string>;
  /** The pods the Services send traffic to. */
  serviceSelector: Record<string, string>;
  /** The pods the NetworkPolicy opens to the allowed clients: the Services' pods, or more of the resource's. */
  policySelector: Record<string, string>;
}

/**
 * The name of the connection's Service for its index-th allowlist (`{base}-external-ip`, then `-external-ip-2`
 * ...); a base too long keeps its start and a hash of the whole, so that every name is at most 63 characters.
 * The first name is also the NetworkPolicy's.
 */
export function externalServiceName(baseName: string, index: number): string {
  const suffix = index === 0 ? SUFFIX : `${SUFFIX}-${index + 1}`;
  if (baseName.length + suffix.length <= NAME_MAX) return `${baseName}${suffix}`;
  const hash = createHash('sha256').update(baseName).digest('hex').slice(0, 8);
  return `${baseName.slice(0, NAME_MAX - suffix.length - hash.length - 1)}-${hash}${suffix}`;
}

/** The object a resource's external connection renders (its Services and NetworkPolicy carry the label). */
export const isExternalConnectionObject = (object: KubernetesObject) =>
  object.metadata.labels?.[LABELS.externalConnection] === 'true';

// Allowlist entries as CIDRs: Services' source ranges and ipBlocks take CIDRs only, and the API server warns
// about (newer ones refuse) a prefix with host bits set; entries were validated as addresses or CIDRs
// (@berth/rules allowlist.ts), anything else here is a bug and fails the apply rather than open the port.

function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

function ipv6Bytes(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const [head, tail = undefined] = halves.map(groupsOf);
  const words: number[][] = [];
  for (const [half, groups] of [head ?? [], tail ?? []].entries()) {
    // An IPv4 address may only end the address (`::ffff:192.0.2.1`), standing for its last two words.
    const last = half === (tail === undefined ? 0 : 1);
    const values: number[] = [];
    for (const [index, group] of groups.entries()) {
      const embedded = last && index === groups.length - 1 ? ipv4Bytes(group) : undefined;
      if (embedded) {
        const [a = 0, b = 0, c = 0, d = 0] = embedded;
        values.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) {
        values.push(parseInt(group, 16));
      } else {
        return undefined;
      }
    }
    words.push(values);
  }
  const [before = [], after = []] = words;
  const missing = 8 - before.length - after.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...before, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...after].flatMap((word) => [
    word >> 8,
    word & 0xff,
  ]);
}

function formatIpv6(bytes: number[]): string {
  const words = Array.from(
    { length: 8 },
    (_, index) => ((bytes[2 * index] ?? 0) << 8) | (bytes[2 * index + 1] ?? 0),
  );
  // RFC 5952: the longest run of two or more zero words (the first of equals) becomes `::`.
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8;) {
    let end = start;
    while (end < 8 && words[end] === 0) end += 1;
    if (end - start > best.length) best = { start, length: end - start };
    start = end === start ? start + 1 : end;
  }
  const hex = words.map((word) => word.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** An allowlist entry (`203.0.113.7`, `2001:DB8::1`, `10.1.2.3/8`) as a canonical CIDR (`10.0.0.0/8`). */
export function canonicalCidr(entry: string): string {
  const [address = '', prefixText, ...rest] = entry.trim().split('/');
  const v4 = ipv4Bytes(address);
  let bytes = v4 ?? ipv6Bytes(address);
  const bits = v4 ? 32 : 128;
  let prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!bytes || rest.length || !(prefix >= 0 && prefix <= bits)) {
    throw new Error(`external connection: the allowlist entry ${entry} is not an IP address or CIDR`);
  }
  // An IPv4-mapped IPv6 range is the IPv4 range: clients of the IPv4 address arrive with IPv4 addresses.
  const mapped =
    !v4 &&
    prefix >= 96 &&
    bytes.slice(0, 10).every((byte) => byte === 0) &&
    bytes[10] === 0xff &&
    bytes[11] === 0xff;
  if (mapped) {
    bytes = bytes.slice(12);
    prefix -= 96;
  }
  const masked = bytes.map((byte, index) => {
    const keep = Math.min(8, Math.max(0, prefix - index * 8));
    return byte & (0xff << (8 - keep)) & 0xff;
  });
  return `${masked.length === 4 ? masked.join('.') : formatIpv6(masked)}/${prefix}`;
}

interface PortGroup {
  /** Canonical CIDRs, sorted; empty for everyone. */
  sources: string[];
  ports: ExternalPortState[];
}

/** Ports by allowlist (the same set of ranges, whatever its order or notation), in the order of their ports. */
function groupsOf(ports: ExternalPortState[]): PortGroup[] {
  const sorted = [...ports].sort(
    (a, b) => a.externalPort - b.externalPort || a.protocol.localeCompare(b.protocol),
  );
  const groups = new Map<string, PortGroup>();
  for (const port of sorted) {
    const sources = [...new Set(port.allowList.map(canonicalCidr))].sort();
    const key = sources.join(',');
    const group = groups.get(key) ?? { sources, ports: [] };
    group.ports.push(port);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The connection's LoadBalancer Services and NetworkPolicy; none without a connection (or without ports: a
 * Service needs one). Their labels are the resource's and `berth.dev/external-connection: "true"`.
 */
export function renderExternalConnection(
  resource: ConnectedResource,
  connection: ExternalConnectionState | null,
  options: LoadBalancerOptions = {},
): KubernetesObject[] {
  if (!connection?.ports.length) return [];
  const labels = { ...resource.labels, [LABELS.externalConnection]: 'true' };
  const groups = groupsOf(connection.ports);
  const sharing = { [METALLB_SHARING_KEY]: `berth/${connection.ipv4},${connection.ipv6}` };
  const addresses = options.loadBalancerClass
    ? {
        annotations: { [METALLB_ADDRESSES]: `${connection.ipv4},${connection.ipv6}`, ...sharing },
        spec: { loadBalancerClass: options.loadBalancerClass },
      }
    : { annotations: sharing, spec: { loadBalancerIP: connection.ipv4 } };
  const services = groups.map<KubernetesObject>((group, index) => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: externalServiceName(resource.baseName, index),
      namespace: resource.namespace,
      labels,
      annotations: addresses.annotations,
    },
    spec: {
      type: 'LoadBalancer',
      ...addresses.spec,
      ipFamilyPolicy: 'RequireDualStack',
      ipFamilies: ['IPv4', 'IPv6'],
      externalTrafficPolicy: connection.shared ? 'Cluster' : 'Local',
      ...(group.sources.length ? { loadBalancerSourceRanges: group.sources } : {}),
      selector: resource.serviceSelector,
      ports: group.ports.map((port) => ({
        name: `${port.protocol.toLowerCase()}-${port.externalPort}`,
        port: port.externalPort,
        targetPort: port.internalPort,
        protocol: port.protocol,
      })),
    },
  }));
  const policy: KubernetesObject = {
    // The namespace's default-deny policy admits only the namespace's and the platform's pods; this lets the
    // allowed clients (everyone for an empty allowlist) reach the internal ports. Policies add up: a port that
    // another policy opens to everyone (a database cluster's `-public`) stays open to everyone.
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: externalServiceName(resource.baseName, 0), namespace: resource.namespace, labels },
    spec: {
      podSelector: { matchLabels: resource.policySelector },
      policyTypes: ['Ingress'],
      ingress: groups.map((group) => {
        const ports = new Map(
          group.ports.map((port) => [
            `${port.internalPort}/${port.protocol}`,
            { port: port.internalPort, protocol: port.protocol },
          ]),
        );
        // On a shared pair the pods see nodes' addresses (Cluster): the load balancer holds the allowlist.
        const from = connection.shared ? [] : group.sources.map((cidr) => ({ ipBlock: { cidr } }));
        return { ...(from.length ? { from } : {}), ports: [...ports.values()] };
      }),
    },
  };
  return [...services, policy];
}
