import { batchLoader } from '../../batching.ts';
import type { Db } from '../../db/client.ts';
import type { ConnectedKind } from '../../db/schema.ts';
import { badInput } from '../../errors.ts';
import type {
  ExternalConnectionInput,
  ExternalConnectionPortInput,
} from '../../generated/resolvers-types.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { recordChange } from '../audit/store.ts';
import { startMeter, stopMeters } from '../metering/store.ts';
import { isAbsent, refuseRepeats } from '../workloads/patch.ts';
import { patchAllowList } from './allow-list.ts';
import { firstFree, type AddressPool } from './pools.ts';
import { createConnectionStore, type ExternalIpRow, type NewPort } from './store.ts';

// External connections (API.md): a resource's addresses reachable from the internet. A connection lives on an
// address pair from the operator's pools: the customer's shared pair, where its connections get ports of their
// own, or a pair of the connection's own, metered by the month. Changes run in the resource's transaction,
// under one lock for every allocation, so two connections never get one address or one port.

/** Ports a connection forwards at most. */
export const MAX_PORTS = 10;
/** Where a port the platform chooses comes from, when the resource's own port is taken on the address. */
const CHOSEN_PORTS = { first: 30000, last: 32767 };

/** The resource a connection is changed for, as the connection needs to know it. */
export interface ConnectedResource {
  kind: ConnectedKind;
  id: number;
  name: string;
  namespaceId: number;
  /** The ports a connection may forward to (a container's; a cluster's or queue's service port), default first. */
  internalPorts: number[];
}

const NOUNS: Record<ConnectedKind, string> = {
  container: 'container',
  'database-cluster': 'database cluster',
  'message-queue': 'message queue',
};

const field = (name: string) => `externalConnection.${name}`;

/** What the audit log records of a connection. */
const audited = (ip: ExternalIpRow | undefined, ports: NewPort[]) =>
  ip
    ? {
        addresses: `${ip.ipv4}, ${ip.ipv6}${ip.shared ? ' (shared)' : ''}`,
        ports: ports
          .map(
            (port) =>
              `${port.externalPort}/${port.protocol} → ${port.internalPort}${port.allowList.length ? ` from ${port.allowList.join(', ')}` : ''}`,
          )
          .join('; '),
      }
    : null;

const ipMeter = (ip: ExternalIpRow) => ({ kind: 'ip-address' as const, id: ip.id });

/** The port whose key (externalPort, or internalPort where that is null, with protocol) the item names. */
function matching(
  ports: NewPort[],
  item: { externalPort?: number | null; protocol: 'TCP' | 'UDP' },
  internalPort: number | undefined,
) {
  const { protocol } = item;
  return item.externalPort != null
    ? ports.find((port) => port.externalPort === item.externalPort && port.protocol === protocol)
    : ports.find((port) => port.internalPort === internalPort && port.protocol === protocol);
}

/** Ports after the patch, those to be chosen by the platform with externalPort 0. */
function patchPorts(resource: ConnectedResource, current: NewPort[], items: ExternalConnectionPortInput[]) {
  refuseRepeats(
    field('ports'),
    items,
    (item) => `${item.externalPort ?? `to ${item.internalPort ?? 'default'}`}/${item.protocol}`,
  );
  const noun = NOUNS[resource.kind];
  let ports = [...current];
  for (const item of items) {
    const protocol = item.protocol ?? 'TCP';
    if (protocol === 'UDP' && resource.kind !== 'container') {
      throw badInput(field('ports.protocol'), `Only containers take UDP: a ${noun} takes TCP`);
    }
    if (item.externalPort != null && (item.externalPort < 1 || item.externalPort > 65535)) {
      throw badInput(
        field('ports.externalPort'),
        `externalPort ${item.externalPort} is not a port (1 to 65535)`,
      );
    }
    // Keyed by externalPort where given: then the item's internalPort is a change (null keeps the port's).
    const existing = matching(
      ports,
      { externalPort: item.externalPort, protocol },
      item.internalPort ?? resource.internalPorts[0],
    );
    ports = ports.filter((port) => port !== existing);
    if (isAbsent(item)) continue;
    const internalPort = item.internalPort ?? existing?.internalPort ?? resource.internalPorts[0];
    if (internalPort === undefined || resource.internalPorts.length === 0) {
      throw badInput(
        field('ports.internalPort'),
        `Container ${resource.name} has no ports: add one to its ports first`,
      );
    }
    if (!resource.internalPorts.includes(internalPort)) {
      throw badInput(
        field('ports.internalPort'),
        resource.kind === 'container'
          ? `internalPort ${internalPort} is not one of the ports of container ${resource.name} (${resource.internalPorts.join(', ')})`
          : `The internalPort of a ${noun} is its service port, ${resource.internalPorts.join(', ')}`,
      );
    }
    ports.push({
      externalPort: existing?.externalPort ?? item.externalPort ?? 0,
      internalPort,
      protocol,
      allowList: patchAllowList(field('ports.allowList'), existing?.allowList ?? [], item.allowList ?? []),
    });
  }
  if (ports.length > MAX_PORTS) {
    throw badInput(field('ports'), `An external connection forwards at most ${MAX_PORTS} ports`);
  }
  return ports;
}

/** Refuses ports forwarded to none of the resource's own ports (one of them removed meanwhile). */
function refuseOrphans(resource: ConnectedResource, ports: readonly NewPort[]) {
  const orphan = ports.find((port) => !resource.internalPorts.includes(port.internalPort));
  if (orphan) {
    throw badInput(
      'ports',
      `Port ${orphan.internalPort} is forwarded by the external connection (${orphan.externalPort}/${orphan.protocol}): remove that port from externalConnection first`,
    );
  }
}

/** The ports with their external ports: given ones checked free on the address, the others chosen. */
function placePorts(ip: ExternalIpRow, ports: NewPort[], takenByOthers: NewPort[]): NewPort[] {
  const taken = new Set(takenByOthers.map((port) => `${port.externalPort}/${port.protocol}`));
  for (const port of ports.filter((candidate) => candidate.externalPort !== 0)) {
    const key = `${port.externalPort}/${port.protocol}`;
    if (taken.has(key)) {
      throw badInput(
        field('ports.externalPort'),
        `Port ${key} is already taken on ${ip.ipv4} and ${ip.ipv6}`,
      );
    }
    taken.add(key);
  }
  return ports.map((port) => {
    if (port.externalPort !== 0) return port;
    let candidate = port.internalPort;
    if (taken.has(`${candidate}/${port.protocol}`)) candidate = CHOSEN_PORTS.first;
    while (taken.has(`${candidate}/${port.protocol}`)) {
      candidate += 1;
      if (candidate > CHOSEN_PORTS.last) {
        throw badInput(field('ports.externalPort'), `No port is free on ${ip.ipv4}: choose an externalPort`);
      }
    }
    taken.add(`${candidate}/${port.protocol}`);
    return { ...port, externalPort: candidate };
  });
}

export function createExternalConnections(deps: { db: Db; pools: { ipv4: AddressPool; ipv6: AddressPool } }) {
  /** A new address pair for the customer, lowest free addresses first. */
  async function allocate(tx: Db, customerId: number, shared: boolean) {
    const store = createConnectionStore(tx);
    const used = await store.usedAddresses();
    const ipv4 = firstFree(deps.pools.ipv4, used.ipv4);
    const ipv6 = firstFree(deps.pools.ipv6, used.ipv6);
    if (!ipv4 || !ipv6) {
      throw badInput(field('sharedIp'), 'No external address is free: try again later or contact support');
    }
    const ip = await store.insertIp({ customerId, ipv4, ipv6, shared });
    if (!shared) await startMeter(tx, ipMeter(ip));
    return ip;
  }

  /** Gives an address pair up once nothing is on it; a dedicated one stops being metered. */
  async function giveUp(tx: Db, ip: ExternalIpRow) {
    if (!ip.shared) await stopMeters(tx, [ipMeter(ip)]);
    await createConnectionStore(tx).removeIpIfUnused(ip.id);
  }

  async function current(tx: Db, resource: Pick<ConnectedResource, 'kind' | 'id'>) {
    const [view] = await createConnectionStore(tx).viewsOf(resource.kind, [resource.id]);
    return view;
  }

  function audit(
    tx: Db,
    account: AccountWithCustomer,
    resource: ConnectedResource,
    action: 'create' | 'update' | 'delete',
    connectionId: number,
    before: ReturnType<typeof audited>,
    after: ReturnType<typeof audited>,
  ) {
    return recordChange(tx, account, {
      eventType: action,
      modelName: 'ExternalConnection',
      modelId: connectionId,
      namespaceId: resource.namespaceId,
      before: before && { resource: `${NOUNS[resource.kind]} ${resource.name}`, ...before },
      after: after && { resource: `${NOUNS[resource.kind]} ${resource.name}`, ...after },
    });
  }

  return {
    /**
     * Applies the input to the resource's connection in tx: null or left out changes nothing, state ABSENT
     * removes it, PRESENT creates or patches it. Whether anything changed (the resource's driver is to know).
     */
    async change(
      tx: Db,
      account: AccountWithCustomer,
      resource: ConnectedResource,
      input: ExternalConnectionInput | null | undefined,
    ): Promise<boolean> {
      if (input == null) return false;
      const store = createConnectionStore(tx);
      await store.lockAllocations();
      const existing = await current(tx, resource);
      if (isAbsent(input)) {
        if (!existing) return false;
        await store.removeConnection(existing.connection.id);
        await giveUp(tx, existing.ip);
        await audit(
          tx,
          account,
          resource,
          'delete',
          existing.connection.id,
          audited(existing.ip, existing.ports),
          null,
        );
        return true;
      }
      const patched = patchPorts(resource, existing?.ports ?? [], input.ports ?? []);
      refuseOrphans(resource, patched);
      const sharedIp = input.sharedIp ?? true;
      const keepsIp = existing && existing.ip.shared === sharedIp;
      const ip = keepsIp
        ? existing.ip
        : ((sharedIp ? await store.sharedIpOf(account.customerId) : undefined) ??
          (await allocate(tx, account.customerId, sharedIp)));
      const others = (await store.portsOnIp(ip.id)).filter(
        (port) => port.connectionId !== existing?.connection.id,
      );
      // Ports moving to another address keep their numbers there, if free.
      const ports = placePorts(ip, patched, others);
      const before = existing ? audited(existing.ip, existing.ports) : null;
      const after = audited(ip, ports);
      if (keepsIp && JSON.stringify(before) === JSON.stringify(after)) return false;
      const connection =
        existing?.connection ??
        (await store.insertConnection({ resourceKind: resource.kind, resourceId: resource.id, ipId: ip.id }));
      if (existing && !keepsIp) await store.moveConnection(connection.id, ip.id);
      await store.replacePorts(connection.id, ip.id, ports);
      if (existing && !keepsIp) await giveUp(tx, existing.ip);
      await audit(tx, account, resource, existing ? 'update' : 'create', connection.id, before, after);
      return true;
    },

    /**
     * Refuses a change of the resource's own ports that leaves a port of its connection forwarded to none of
     * them (a container's port removed while the connection still forwards to it), when the change leaves the
     * connection as it is (`change` checks the connection it writes itself).
     */
    async checkForwarded(tx: Db, resource: ConnectedResource) {
      refuseOrphans(resource, (await current(tx, resource))?.ports ?? []);
    },

    /** Removes the resource's connection (the resource is being deleted), giving its addresses up. */
    async release(tx: Db, account: AccountWithCustomer, resource: ConnectedResource) {
      const existing = await current(tx, resource);
      if (!existing) return;
      await createConnectionStore(tx).removeConnection(existing.connection.id);
      await giveUp(tx, existing.ip);
      const before = audited(existing.ip, existing.ports);
      await audit(tx, account, resource, 'delete', existing.connection.id, before, null);
    },

    /** Connections of resources of a kind the caller has already found, batched per request. */
    loader: (kind: ConnectedKind) =>
      batchLoader(async (ids: number[]) => {
        const views = await createConnectionStore(deps.db).viewsOf(kind, ids);
        return new Map(views.map((view) => [view.connection.resourceId, view]));
      }, undefined),
  };
}

export type ExternalConnections = ReturnType<typeof createExternalConnections>;
