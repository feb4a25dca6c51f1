import type { Db } from '../../db/client.ts';
import type { ConnectedKind } from '../../db/schema.ts';
import type { ExternalConnectionState } from '../../provisioning/external-connection.ts';
import { createConnectionStore } from './store.ts';

/** The resource's external connection as its driver takes it, or null when it has none. */
export async function externalConnectionState(
  tx: Db,
  kind: ConnectedKind,
  resourceId: number,
): Promise<ExternalConnectionState | null> {
  const [view] = await createConnectionStore(tx).viewsOf(kind, [resourceId]);
  if (!view) return null;
  return {
    ipv4: view.ip.ipv4,
    ipv6: view.ip.ipv6,
    shared: view.ip.shared,
    ports: view.ports.map(({ externalPort, internalPort, protocol, allowList }) => ({
      externalPort,
      internalPort,
      protocol,
      allowList,
    })),
  };
}
