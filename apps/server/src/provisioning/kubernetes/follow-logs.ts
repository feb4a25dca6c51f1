import { finished, Writable, type Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { Log, type KubeConfig } from '@kubernetes/client-node';
import type { Database } from '../../db/client.ts';
import type { LogSource, RuntimeReports } from '../runtime-port.ts';
import { WORKLOAD_CONTAINER } from './render-workloads.ts';
import { podWorkloadOf, type Pod, type PodWorkload } from './status.ts';

// Replicas' and runs' logs from the cluster, live: the pod watch tells of every pod, and while a pod's workload
// container runs its log is followed through the pod log API (follow, timestamps) and its lines recorded as
// they come, a batch at a time. A follow that ends while the container still runs (a dropped connection, the
// API server restarting) starts again from the second of the newest recorded line, as does a Berth process
// that starts; the runtime port leaves out lines it holds already (loggedAgain), so reading a second twice, or
// two processes following one pod, records each line once.

/** How long a follow that ended waits before asking again, and a pod whose run is not recorded yet. */
const RESUME_MS = 2000;
/** How often followed lines are written, and how many a batch holds at most. */
const FLUSH_MS = 250;
const BATCH_LINES = 1000;

interface Logger {
  warn(payload: object, message: string): void;
}

/** A line of a pod log read with timestamps: `2026-11-26T12:00:00.123456789Z text`. */
export interface TimedLine {
  text: string;
  at: Date;
}

/** Lines of a pod log read with timestamps; a line without one (never from a kubelet) takes the previous time. */
export function parseTimedLines(text: string, previous = new Date()): TimedLine[] {
  let at = previous;
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const space = line.indexOf(' ');
      const stamp = space > 0 ? new Date(line.slice(0, space)) : undefined;
      if (!stamp || Number.isNaN(stamp.getTime())) return { text: line, at };
      at = stamp;
      return { text: line.slice(space + 1), at };
    });
}

const workloadRunning = (pod: Pod) =>
  !pod.metadata.deletionTimestamp &&
  pod.status?.containerStatuses?.find((status) => status.name === WORKLOAD_CONTAINER)?.state?.running !==
    undefined;

/** kube-apiserver takes sinceTime in whole seconds (RFC 3339); lines of that second are read again. */
const sinceTimeOf = (at: Date) =>
  new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

interface Follow {
  namespace: string;
  pod: string;
  workload: PodWorkload;
  /** As the pod watch saw it last: a follow that ends starts again only while the container runs. */
  running: boolean;
  /** Ends the read in progress (the pod is gone, or Berth stops). */
  reading?: AbortController;
}

export function createLogFollower(deps: {
  kubeConfig: KubeConfig;
  database: Database;
  reports: RuntimeReports;
  log: Logger;
}) {
  const { database, reports, log } = deps;
  const client = new Log(deps.kubeConfig);
  const follows = new Map<string, Follow>();
  const running = new Set<Promise<void>>();
  let stopping = new AbortController();

  async function sourceOf(workload: PodWorkload): Promise<LogSource | undefined> {
    const db = database.db;
    if (workload.kind === 'container-job') {
      const run = await reports.runNamed(db, workload.id, workload.run);
      return run && { kind: 'job-run', id: run.id };
    }
    const replicas = (await reports.replicasOf(db, [workload.id])).get(workload.id) ?? [];
    const replica = replicas.find((candidate) => candidate.name === workload.replica);
    return replica && { kind: 'replica', id: replica.id };
  }

  /** One request of the pod's log, followed until it ends; its lines written in batches as they come. */
  async function read(follow: Follow, source: LogSource) {
    const since = await reports.lastLoggedAt(database.db, source);
    let pending: TimedLine[] = [];
    let partial = '';
    let previous = since ?? new Date();
    let writing = Promise.resolve();
    const flush = () => {
      const batch = pending;
      pending = [];
      if (batch.length === 0) return writing;
      writing = writing
        .then(() => database.db.transaction((tx) => reports.loggedAgain(tx, source, batch)))
        .catch((error: unknown) =>
          log.warn({ err: error, pod: follow.pod }, 'log lines could not be recorded'),
        );
      return writing;
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        const text = partial + chunk.toString('utf8');
        const end = text.lastIndexOf('\n');
        partial = text.slice(end + 1);
        const lines = parseTimedLines(text.slice(0, end + 1), previous);
        previous = lines.at(-1)?.at ?? previous;
        pending.push(...lines);
        // A burst waits for its batch to be written before more is read.
        if (pending.length >= BATCH_LINES) void flush().then(() => callback());
        else callback();
      },
    });
    const ticker = setInterval(() => void flush(), FLUSH_MS);
    const reading = new AbortController();
    follow.reading = reading;
    try {
      // The response body is piped into the sink: the read ends when the sink has taken all of it, or when
      // the body fails (a dropped connection, which a pipe does not pass on).
      const ended = new Promise<void>((resolve) => {
        finished(sink, () => resolve());
        sink.once('pipe', (body: Readable) => finished(body, (error) => error && resolve()));
        reading.signal.addEventListener('abort', () => resolve());
      });
      const request = await client.log(follow.namespace, follow.pod, WORKLOAD_CONTAINER, sink, {
        follow: true,
        timestamps: true,
        ...(since ? { sinceTime: sinceTimeOf(since) } : {}),
      });
      reading.signal.addEventListener('abort', () => request.abort());
      await ended;
    } finally {
      clearInterval(ticker);
      follow.reading = undefined;
      if (partial) pending.push(...parseTimedLines(partial, previous));
      await flush();
    }
  }

  async function followPod(key: string, follow: Follow) {
    while (follow.running && !stopping.signal.aborted) {
      try {
        // A run's pod can start before its Job's news is recorded: until then there is nowhere to write.
        const source = await sourceOf(follow.workload);
        if (source) await read(follow, source);
      } catch (error) {
        log.warn({ err: error, pod: follow.pod }, 'the pod log could not be followed');
      }
      await delay(RESUME_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
    follows.delete(key);
  }

  return {
    /** The pod watch's news of a pod: a running workload container is followed, a deleted pod no more. */
    observe(pod: Pod, deleted: boolean) {
      const workload = podWorkloadOf(pod);
      const namespace = pod.metadata.namespace;
      if (!workload || !namespace) return;
      const key = `${namespace}/${pod.metadata.name}`;
      const isRunning = !deleted && workloadRunning(pod);
      const existing = follows.get(key);
      if (existing) {
        existing.running = isRunning;
        if (deleted) existing.reading?.abort();
        return;
      }
      if (!isRunning || stopping.signal.aborted) return;
      const follow: Follow = { namespace, pod: pod.metadata.name, workload, running: true };
      follows.set(key, follow);
      const done = followPod(key, follow).finally(() => running.delete(done));
      running.add(done);
    },
    /** Ends every follow once its lines so far are recorded. */
    async stop() {
      stopping.abort();
      for (const follow of follows.values()) follow.reading?.abort();
      await Promise.all(running);
      stopping = new AbortController();
    },
  };
}
