import type { FastifyBaseLogger } from 'fastify';
import { batchLoader } from '../../batching.ts';
import type { Database } from '../../db/client.ts';
import type { ClusterAdvisory, DatabaseClusterDriver } from '../../provisioning/database-cluster-driver.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { desiredState } from '../database-clusters/provisioning.ts';
import type { ClusterRow } from '../database-clusters/store.ts';
import { createAdvisoryStore, type PlacedCluster } from './store.ts';

export type { AdvisoryRow } from './store.ts';

// The advisor of database clusters: once a day (the app's timer asks every minute what is due), and on
// demand (the operators' `advisor run`), each cluster with the advisor on is analysed by its driver
// (advise(): statistics and settings, read only) and what was found replaces its advisories.

const DAY_MS = 24 * 3600_000;
/**
 * An analysis in progress keeps its cluster for an hour: another copy of the server leaves it alone, and if
 * this one dies (or the analysis fails) the cluster is analysed again after that.
 */
const LEASE_MS = 3600_000;
/** At most this many clusters a round of the timer (the rest wait for the next round). */
const CLUSTERS_PER_ROUND = 20;

/** How an analysis ended, for the operators' command line. */
export type AnalysisOutcome = { namespace: string; cluster: string; customerId: number } & (
  | { status: 'analysed'; advisories: ClusterAdvisory[]; analysedAt: Date }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: string }
);

/** The findings without repeats of an identifier (the first kept): identifiers are unique per cluster. */
function distinct(advisories: ClusterAdvisory[]): ClusterAdvisory[] {
  const seen = new Set<string>();
  return advisories.filter((advisory) => {
    if (seen.has(advisory.identifier)) return false;
    seen.add(advisory.identifier);
    return true;
  });
}

export function createDatabaseAdvisorService(deps: {
  database: Database;
  driver: DatabaseClusterDriver;
  secretBox: SecretBox;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { database, driver, secretBox } = deps;
  const store = createAdvisoryStore(database.db);
  let round: Promise<number> | undefined;
  let stopping = false;

  /** Analyses a cluster already taken (its due time is `lease`) and stores what was found. */
  async function analyse(cluster: ClusterRow, lease: Date) {
    const state = await desiredState(database.db, cluster, secretBox);
    const advisories = distinct(await driver.advise(state));
    const analysedAt = new Date();
    const stored = await store.storeAnalysis(
      cluster.id,
      lease,
      advisories.map((advisory) => ({
        type: advisory.type,
        identifier: advisory.identifier,
        message: advisory.message,
        databaseName: advisory.type === 'MissingIndex' ? advisory.databaseName : null,
      })),
      analysedAt,
      new Date(analysedAt.getTime() + DAY_MS),
    );
    return { advisories, analysedAt, stored };
  }

  async function dueRound(): Promise<number> {
    let analysed = 0;
    for (let taken = 0; taken < CLUSTERS_PER_ROUND && !stopping; taken++) {
      const now = new Date();
      const lease = new Date(now.getTime() + LEASE_MS);
      const cluster = await store.claimDue(now, lease);
      if (!cluster) break;
      try {
        await analyse(cluster, lease);
        analysed++;
      } catch (error) {
        // Tried again once the lease is over.
        deps.log?.warn({ err: error, clusterId: cluster.id }, 'database cluster analysis failed');
      }
    }
    return analysed;
  }

  async function runNow(placed: PlacedCluster): Promise<AnalysisOutcome> {
    const where = {
      namespace: placed.namespace,
      cluster: placed.cluster.name,
      customerId: placed.customerId,
    };
    const { cluster } = placed;
    if (!cluster.advisorEnabled) return { ...where, status: 'skipped', reason: 'the advisor is off' };
    if (cluster.state !== 'running' || cluster.locked) {
      return { ...where, status: 'skipped', reason: `it is not running (${cluster.state})` };
    }
    const lease = new Date(Date.now() + LEASE_MS);
    const taken = await store.claim(cluster.id, lease);
    if (!taken) return { ...where, status: 'skipped', reason: 'the advisor is off' };
    try {
      const { advisories, analysedAt, stored } = await analyse(taken, lease);
      if (!stored)
        return { ...where, status: 'skipped', reason: 'the advisor was turned off or on meanwhile' };
      return { ...where, status: 'analysed', advisories, analysedAt };
    } catch (error) {
      return { ...where, status: 'failed', error: (error as Error).message };
    }
  }

  return {
    /**
     * Analyses the clusters whose analysis is due (a day after the last, or just after the advisor was turned
     * on), one at a time; answers how many were analysed. A round still going when the next is asked for
     * is not doubled: the caller gets the running one.
     */
    runDue(): Promise<number> {
      if (stopping) return Promise.resolve(0);
      round ??= dueRound().finally(() => {
        round = undefined;
      });
      return round;
    },

    /**
     * Analyses now, whenever due: the cluster `namespace/name` (of whichever customer has one so named), or
     * every cluster with the advisor on. Answers how each went (none: no such cluster).
     */
    async runNow(named?: { namespace: string; name: string }): Promise<AnalysisOutcome[]> {
      const outcomes: AnalysisOutcome[] = [];
      for (const placed of await store.clusters(named)) outcomes.push(await runNow(placed));
      return outcomes;
    },

    /** The clusters' advisories by cluster id, batched (a request's loader). */
    advisoriesLoader: () => batchLoader((ids: number[]) => store.advisoriesOf(ids), []),

    /** No new round starts; resolves once the one running (if any) is over. */
    async stop() {
      stopping = true;
      await round;
    },
  };
}

export type DatabaseAdvisorService = ReturnType<typeof createDatabaseAdvisorService>;
