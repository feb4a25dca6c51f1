import type { ClusterPlacement, DatabaseEngine } from '../../provisioning/database-cluster-driver.ts';

const SCHEMES: Record<DatabaseEngine, string> = { postgresql: 'postgresql', mysql: 'mysql' };

/**
 * The connection URL of a cluster's user: `postgresql://user[:password]@host:port/database`, with the
 * names as the server knows them (the placement's prefix) and user information percent-encoded. Without a
 * password it names the user only (a password comes back only with the user's credentials).
 */
export function clusterDsn(parts: {
  engine: DatabaseEngine;
  placement: ClusterPlacement;
  user: string;
  password: string | null;
  /** The database to connect to; none leaves the path empty (the server's default). */
  database: string | null;
}): string {
  const { placement } = parts;
  const user = encodeURIComponent(`${placement.namePrefix}${parts.user}`);
  const secret = parts.password === null ? '' : `:${encodeURIComponent(parts.password)}`;
  const database =
    parts.database === null ? '' : encodeURIComponent(`${placement.namePrefix}${parts.database}`);
  return `${SCHEMES[parts.engine]}://${user}${secret}@${placement.hostname}:${placement.port}/${database}`;
}
