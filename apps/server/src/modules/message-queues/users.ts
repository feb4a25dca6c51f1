import type { QueuePlacement } from '../../provisioning/message-queue-driver.ts';
import type { QueueRow, QueueUserRow } from './store.ts';

/** The placement of a queue as its row keeps it. */
export const placementOf = (row: QueueRow): QueuePlacement => ({
  hostname: row.hostname,
  amqpPort: row.amqpPort,
  managementPort: row.managementPort,
  vhost: row.vhost,
  userPrefix: row.userPrefix,
  tls: row.tls,
});

/** A user as the API shows it: with its queue (for the DSN), and its password only from credentials. */
export interface QueueUserView {
  queue: QueueRow;
  user: QueueUserRow;
  password: string | null;
}

/**
 * The AMQP URL of a queue's user: `amqp[s]://user[:password]@host:port/vhost`, with the user's name as the
 * broker knows it (the placement's prefix) and every part percent-encoded (the vhost `/` is `%2F`). Without a
 * password it names the user only.
 */
export function queueDsn(placement: QueuePlacement, user: string, password: string | null): string {
  const scheme = placement.tls ? 'amqps' : 'amqp';
  const name = encodeURIComponent(`${placement.userPrefix}${user}`);
  const secret = password === null ? '' : `:${encodeURIComponent(password)}`;
  return `${scheme}://${name}${secret}@${placement.hostname}:${placement.amqpPort}/${encodeURIComponent(placement.vhost)}`;
}

/** The management UI and HTTP API of the queue's broker. */
export const managementUrl = (placement: QueuePlacement) =>
  `${placement.tls ? 'https' : 'http'}://${placement.hostname}:${placement.managementPort}/`;
