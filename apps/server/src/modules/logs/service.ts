import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { badInput, notFound } from '../../errors.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { ContainerJobService } from '../container-jobs/service.ts';
import type { ContainerService } from '../containers/service.ts';
import type { ContainerRow } from '../containers/store.ts';
import {
  containsText,
  findLines,
  pruneLogLines,
  replicaHasLines,
  type LineQuery,
  type LineSource,
} from './store.ts';
import { createTailHub, type TailMatch } from './tail.ts';

// The console logs of the signed-in customer's replicas and runs: their containers and jobs are found the
// way the platform API finds them, so another customer's are not found here either.

export const DEFAULT_LIMIT = 200;
export const MAX_LIMIT = 1000;
/** Lines a tail's catch-up (`afterId`) sends at most: the newest of those after the id. */
const CATCH_UP_LIMIT = 1000;

export interface ContainerLogSource {
  namespace: string;
  container: string;
  replica?: string | null;
  /** Without `replica`: also the lines of replicas that have stopped or been replaced. */
  includeStopped?: boolean | null;
}
export interface JobRunLogSource {
  namespace: string;
  job: string;
  run: string;
}
export interface LogQueryInput {
  since?: Date | null;
  until?: Date | null;
  limit?: number | null;
  filter?: string | null;
  order?: LineQuery['order'] | null;
}

/** Where lines are read from, and what a tail of the same source follows. */
interface Resolved {
  source: LineSource;
  match: TailMatch;
}

function lineQuery(input: LogQueryInput | null | undefined): LineQuery {
  const limit = input?.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw badInput('limit', `limit must be between 1 and ${MAX_LIMIT}`);
  if (input?.since && input.until && input.until <= input.since)
    throw badInput('until', 'until must be after since');
  return {
    limit,
    order: input?.order ?? 'NEWEST_FIRST',
    ...(input?.since ? { since: input.since } : {}),
    ...(input?.until ? { until: input.until } : {}),
    ...(input?.filter ? { filter: input.filter } : {}),
  };
}

/** A line id given back by a client (LogLine.id). */
function lineId(id: string): number {
  if (!/^(0|[1-9][0-9]{0,14})$/.test(id)) throw badInput('afterId', `afterId ${id} is not a log line id`);
  return Number(id);
}

export function createLogService(deps: {
  db: Db;
  /** Where a failed poll of the tails is reported. */
  log: Pick<FastifyBaseLogger, 'warn'>;
  containers: ContainerService;
  containerJobs: ContainerJobService;
  /** A container's replicas and a job's runs, by id and name (their modules own them). */
  replicasOf: (containerId: number) => Promise<{ id: number; name: string }[]>;
  runsOf: (jobId: number) => Promise<{ id: number; name: string }[]>;
}) {
  const { db } = deps;
  const hub = createTailHub({ db, log: deps.log });

  /**
   * A container's lines: of one replica by name (running, or stopped with lines kept), of its running
   * replicas, or with `includeStopped` of every replica it had.
   */
  async function replicasOf(
    container: ContainerRow,
    replica: string | null | undefined,
    includeStopped = false,
  ): Promise<Resolved> {
    const match: TailMatch = {
      kind: 'replica',
      containerId: container.id,
      ...(replica == null ? {} : { replica }),
    };
    if (replica == null && includeStopped)
      return { source: { kind: 'container', containerId: container.id }, match };
    const running = (await deps.replicasOf(container.id)).map((row) => row.name);
    if (replica == null)
      return { source: { kind: 'container', containerId: container.id, replicas: running }, match };
    if (!running.includes(replica) && !(await replicaHasLines(db, container.id, replica)))
      throw notFound(`Replica ${replica} of container ${container.name}`);
    return { source: { kind: 'container', containerId: container.id, replicas: [replica] }, match };
  }

  async function containerSource(account: AccountWithCustomer, source: ContainerLogSource) {
    const container = await deps.containers.find(account, {
      containerResourceInput: { name: source.container, namespace: source.namespace },
    });
    return replicasOf(container, source.replica, source.includeStopped ?? false);
  }

  async function runSource(account: AccountWithCustomer, source: JobRunLogSource): Promise<Resolved> {
    const job = await deps.containerJobs.find(account, { name: source.job, namespace: source.namespace });
    const runs = await deps.runsOf(job.id);
    const run = runs.find((row) => row.name === source.run);
    if (!run) throw notFound(`Run ${source.run} of container job ${job.name}`);
    return {
      source: { kind: 'job-run', runId: run.id, run: run.name },
      match: { kind: 'job-run', runId: run.id },
    };
  }

  async function tail(
    resolved: Resolved,
    afterId: string | null | undefined,
    filter: string | null | undefined,
  ) {
    const after = afterId == null ? undefined : lineId(afterId);
    const accepts = filter ? containsText(filter) : () => true;
    if (after === undefined) return hub.open(resolved.match, accepts);
    return hub.open(resolved.match, accepts, {
      id: after,
      async catchUp() {
        const newest = await findLines(db, resolved.source, {
          afterId: after,
          limit: CATCH_UP_LIMIT,
          order: 'NEWEST_FIRST',
          ...(filter ? { filter } : {}),
        });
        return newest.reverse();
      },
    });
  }

  return {
    async containerLines(
      account: AccountWithCustomer,
      source: ContainerLogSource,
      query?: LogQueryInput | null,
    ) {
      const options = lineQuery(query);
      return findLines(db, (await containerSource(account, source)).source, options);
    },

    async jobRunLines(account: AccountWithCustomer, source: JobRunLogSource, query?: LogQueryInput | null) {
      const options = lineQuery(query);
      return findLines(db, (await runSource(account, source)).source, options);
    },

    async tailContainer(
      account: AccountWithCustomer,
      source: ContainerLogSource,
      afterId?: string | null,
      filter?: string | null,
    ) {
      return tail(await containerSource(account, source), afterId, filter);
    },

    async tailJobRun(
      account: AccountWithCustomer,
      source: JobRunLogSource,
      afterId?: string | null,
      filter?: string | null,
    ) {
      return tail(await runSource(account, source), afterId, filter);
    },

    /** The recent lines of one replica of a container given by id, oldest first (the plain-text endpoint). */
    async replicaLines(account: AccountWithCustomer, containerId: string, replica: string) {
      const container = await deps.containers.find(account, { id: containerId });
      const { source } = await replicasOf(container, replica);
      const lines = await findLines(db, source, { limit: DEFAULT_LIMIT, order: 'NEWEST_FIRST' });
      return lines.reverse();
    },

    /** Keeps the lines bounded (see RETENTION); run periodically. */
    prune: (now?: Date) => pruneLogLines(db, now),

    /** Ends the live tails: the server is shutting down. */
    closeTails: () => hub.close(),
    /** Live tails open now (the server's metrics). */
    openTails: () => hub.count(),
  };
}

export type LogService = ReturnType<typeof createLogService>;
export type { LogLineView } from './store.ts';
