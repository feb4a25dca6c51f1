import type { ClusterRow } from '../database-clusters/store.ts';

/** What the advisor shows of itself: `off`, `waiting` (on, no analysis yet) or `analysed <YYYY-MM-DD>` (UTC). */
export function advisorStatus(
  cluster: Pick<ClusterRow, 'advisorEnabled' | 'advisorAnalysedAt'>,
): 'off' | 'waiting' | `analysed ${string}` {
  if (!cluster.advisorEnabled) return 'off';
  if (!cluster.advisorAnalysedAt) return 'waiting';
  return `analysed ${cluster.advisorAnalysedAt.toISOString().slice(0, 10)}`;
}
