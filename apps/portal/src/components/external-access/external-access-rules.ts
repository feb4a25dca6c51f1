import { ALLOWLIST_MAX } from '@berth/rules';
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import type {
  AllowListInput,
  ExternalConnectionInput,
  ExternalConnectionPortInput,
} from '../../gql/graphql.ts';
import type { GraphQLErrorItem } from '../../lib/graphql/errors.ts';
import { allowlistEntryProblem, parseList, parsePort } from '../../lib/validation/network.ts';
import type {
  ExternalAccessTarget,
  ExternalAccessValues,
  ExternalPortValues,
  WithExternalAccess,
} from './external-access-values.ts';

// The platform's rules for an external connection (API.md), checked as typed so nothing it would refuse is
// sent: ports 1-65535, at most MAX_PORTS of them, no external port twice, a container's ports only, UDP for
// containers only, allowlists of addresses and CIDR ranges. And between the values and the inputs: the create
// input, the modify patch keyed as the platform keys ports (external port and protocol), and the refusals.

/** Ports a connection forwards at most (the platform's MAX_PORTS). */
export const MAX_PORTS = 10;

export interface ExternalAccessIssue {
  /** Below `externalAccess`. */
  path: (string | number)[];
  message: string;
}

/** An allowlist as typed: its first problem, or null. */
function allowlistProblem(text: string): string | null {
  const entries = parseList(text);
  for (const [index, entry] of entries.entries()) {
    const problem = allowlistEntryProblem(entry);
    if (problem) return problem;
    if (entries.indexOf(entry) !== index) return `${entry} is listed twice`;
  }
  return entries.length > ALLOWLIST_MAX ? `List at most ${ALLOWLIST_MAX} addresses or ranges` : null;
}

const portText = 'Enter a port from 1 to 65535';

/** Every rule the values break (access on), each at the field that has to change. */
export function externalAccessIssues(
  values: ExternalAccessValues,
  target: ExternalAccessTarget,
): ExternalAccessIssue[] {
  const issues: ExternalAccessIssue[] = [];
  const report = (path: ExternalAccessIssue['path'], message: string | null) => {
    if (message) issues.push({ path, message });
  };
  if (values.ports.length === 0) report(['ports'], 'Add a port: access forwards at least one');
  if (values.ports.length > MAX_PORTS) report(['ports'], `Forward at most ${MAX_PORTS} ports`);

  const externalKeys = new Set<string>();
  const forwarded = new Map<string, number>();
  values.ports.forEach((port, index) => {
    const at = (field: keyof ExternalPortValues) => ['ports', index, field];
    const protocol = target.kind === 'container' ? port.protocol : 'TCP';
    if (port.protocol === 'UDP' && target.kind !== 'container')
      report(at('protocol'), `Only containers take UDP: a ${target.noun} takes TCP`);

    let internal: number | null = null;
    if (target.kind === 'container') {
      internal = parsePort(port.internalPort);
      if (!port.internalPort) report(at('internalPort'), 'Choose a port');
      else if (internal === null || !target.ports.includes(internal))
        report(at('internalPort'), `Port ${port.internalPort} is not one of the container's ports`);
    }
    // Two ports to the same internal port: the platform tells them apart by their external ports only.
    const toKey = `${internal ?? 'service'}/${protocol}`;
    forwarded.set(toKey, (forwarded.get(toKey) ?? 0) + 1);

    const external = port.externalPort.trim();
    if (external) {
      const number = parsePort(external);
      const key = `${number}/${protocol}`;
      if (number === null) report(at('externalPort'), portText);
      else if (externalKeys.has(key)) report(at('externalPort'), `${key} is already used above`);
      externalKeys.add(key);
    }
    report(at('allowlist'), allowlistProblem(port.allowlist));
  });

  // A port left for the platform to choose is known by where it forwards to, which must then be its alone.
  values.ports.forEach((port, index) => {
    if (port.externalPort.trim()) return;
    const protocol = target.kind === 'container' ? port.protocol : 'TCP';
    const internal = target.kind === 'container' ? parsePort(port.internalPort) : null;
    if ((forwarded.get(`${internal ?? 'service'}/${protocol}`) ?? 0) > 1) {
      const to =
        target.kind === 'container' ? `${port.internalPort}/${protocol}` : `the ${target.noun}'s port`;
      report(['ports', index, 'externalPort'], `Enter an external port: another port forwards to ${to} too`);
    }
  });
  return issues;
}

const allowed = (text: string) => parseList(text);

const internalPortOf = (port: ExternalPortValues, target: ExternalAccessTarget) =>
  target.kind === 'container' ? parsePort(port.internalPort) : null;

const protocolOf = (port: ExternalPortValues, target: ExternalAccessTarget) =>
  target.kind === 'container' ? port.protocol : 'TCP';

/** A port as the platform is to add it, its allowlist whole. */
function addedPort(port: ExternalPortValues, target: ExternalAccessTarget): ExternalConnectionPortInput {
  return {
    externalPort: parsePort(port.externalPort),
    internalPort: internalPortOf(port, target),
    protocol: protocolOf(port, target),
    state: 'PRESENT',
    allowList: allowed(port.allowlist).map((ip): AllowListInput => ({ ip, state: 'PRESENT' })),
  };
}

/** The create input of valid values (access on). */
export function toExternalConnectionInput(
  values: ExternalAccessValues,
  target: ExternalAccessTarget,
): ExternalConnectionInput {
  return { sharedIp: values.sharedIp, ports: values.ports.map((port) => addedPort(port, target)) };
}

/** `443/TCP` of the values as typed: the key the platform will know the port by. */
const typedKey = (port: ExternalPortValues, target: ExternalAccessTarget) => {
  const external = parsePort(port.externalPort);
  return external === null ? null : `${external}/${protocolOf(port, target)}`;
};

/** The removal of the port the platform knows by `key` (`443/TCP`). */
function removedPort(key: string): ExternalConnectionPortInput {
  const [externalPort, protocol] = key.split('/');
  return {
    externalPort: Number(externalPort),
    protocol: protocol === 'UDP' ? 'UDP' : 'TCP',
    state: 'ABSENT',
    allowList: [],
  };
}

/**
 * The patch from the connection the form opened with to the values saved (API.md): ports keyed by external
 * port and protocol; one gone, or whose external port or protocol changed, is removed (ABSENT) and the
 * changed one added anew; a kept port sends its internal port and its allowlist's changes (entries added
 * PRESENT, removed ABSENT); a new port is added whole. `sharedIp` is always sent (it defaults to shared).
 * Access turned off removes the connection (state ABSENT). Undefined when nothing changed.
 */
export function toExternalConnectionPatch(
  initial: ExternalAccessValues,
  current: ExternalAccessValues,
  target: ExternalAccessTarget,
): ExternalConnectionInput | undefined {
  if (!current.enabled)
    return initial.enabled ? { sharedIp: initial.sharedIp, state: 'ABSENT', ports: [] } : undefined;
  if (!initial.enabled) return toExternalConnectionInput(current, target);

  // Ports are keyed by external port and protocol, as the platform keys them: a port typed with the key of
  // one the connection has is that port (kept, perhaps changed), whichever row it is in.
  const initialByKey = new Map(
    initial.ports.flatMap((port) => (port.key ? [[port.key, port] as const] : [])),
  );
  const kept = new Map<string, ExternalPortValues>();
  for (const port of current.ports) {
    const key = typedKey(port, target);
    if (key !== null && initialByKey.has(key) && !kept.has(key)) kept.set(key, port);
  }
  const removed = [...initialByKey.keys()].filter((key) => !kept.has(key)).map(removedPort);

  const changed = [...kept].flatMap(([key, port]): ExternalConnectionPortInput[] => {
    const before = initialByKey.get(key);
    if (!before) return [];
    const was = new Set(allowed(before.allowlist));
    const is = new Set(allowed(port.allowlist));
    const allowList: AllowListInput[] = [
      ...[...was].filter((ip) => !is.has(ip)).map((ip): AllowListInput => ({ ip, state: 'ABSENT' })),
      ...[...is].filter((ip) => !was.has(ip)).map((ip): AllowListInput => ({ ip, state: 'PRESENT' })),
    ];
    const internalPort = internalPortOf(port, target);
    if (allowList.length === 0 && internalPort === internalPortOf(before, target)) return [];
    return [
      {
        externalPort: parsePort(port.externalPort),
        internalPort,
        protocol: protocolOf(port, target),
        state: 'PRESENT',
        allowList,
      },
    ];
  });
  const keptPorts = new Set(kept.values());
  const added = current.ports.filter((port) => !keptPorts.has(port)).map((port) => addedPort(port, target));

  const ports = [...removed, ...changed, ...added];
  if (ports.length === 0 && current.sharedIp === initial.sharedIp) return undefined;
  return { sharedIp: current.sharedIp, ports };
}

/** Fields of one port the platform's refusals name (`externalConnection.ports.externalPort`). */
const portFields = {
  'externalConnection.ports.externalPort': 'externalPort',
  'externalConnection.ports.internalPort': 'internalPort',
  'externalConnection.ports.protocol': 'protocol',
  'externalConnection.ports.allowList': 'allowlist',
} as const;

/**
 * The port a refusal is about: the platform names the field, not the item, so the port is the one its
 * sentence names (`Port 8080/TCP is already taken`, `internalPort 9000`, an allowlist entry), or the only one
 * that can be meant.
 */
function portOfRefusal(
  message: string,
  field: (typeof portFields)[keyof typeof portFields],
  ports: readonly ExternalPortValues[],
): number {
  const mentions = (text: string) =>
    new RegExp(`(^|[^\\w.:/])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.:/])`).test(message);
  const candidates = ports.flatMap((port, index) => {
    switch (field) {
      case 'externalPort':
        return port.externalPort.trim()
          ? mentions(`${port.externalPort.trim()}/${port.protocol}`) ||
            mentions(`externalPort ${port.externalPort.trim()}`)
            ? [index]
            : []
          : /choose an externalPort/i.test(message)
            ? [index]
            : [];
      case 'internalPort':
        return port.internalPort && mentions(`internalPort ${port.internalPort}`) ? [index] : [];
      case 'protocol':
        return port.protocol === 'UDP' ? [index] : [];
      case 'allowlist':
        return parseList(port.allowlist).some((entry) => message.includes(entry)) ? [index] : [];
    }
  });
  return candidates.length === 1 ? (candidates[0] ?? -1) : ports.length === 1 ? 0 : -1;
}

/**
 * The platform's refusals of the connection, on the section: each on the field of the port it is about, and
 * those that name no port (or one that cannot be told) on the section itself, below its ports.
 */
export function placeConnectionRefusal(
  refused: readonly GraphQLErrorItem[],
  values: ExternalAccessValues,
  setError: UseFormSetError<WithExternalAccess>,
): void {
  const onSection: string[] = [];
  let first = true;
  for (const item of refused) {
    const field = portFields[item.extensions?.field as keyof typeof portFields] ?? null;
    const index = field === null ? -1 : portOfRefusal(item.message, field, values.ports);
    const onField =
      field !== null && index >= 0 && (field !== 'internalPort' || values.ports[index]?.internalPort !== '');
    if (!onField) {
      onSection.push(item.message);
      continue;
    }
    const name = `externalAccess.ports.${index}.${field}` as FieldPath<WithExternalAccess>;
    setError(name, { type: 'server', message: item.message }, { shouldFocus: first });
    first = false;
  }
  if (onSection.length) {
    setError('externalAccess.ports.root' as FieldPath<WithExternalAccess>, {
      type: 'server',
      message: onSection.join(' '),
    });
  }
}
