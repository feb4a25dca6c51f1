import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { lastLineId, linesWrittenAfter, type LogLineView, type WrittenLine } from './store.ts';

// Live tails of log lines, by polling by id: every POLL_MS one statement reads the lines written since the
// last poll, for all tails of this process at once, and hands each tail the lines of its sources. Polling
// rather than LISTEN/NOTIFY because it works the same on PGlite (one process) and on PostgreSQL with any
// number of server processes (each polls for its own tails), needs no connection held open per process
// outside the pool, and adds nothing to the runtime's writes; it costs one indexed range read per process
// every POLL_MS, and only while someone tails.
//
// Ids come from a sequence taken when a line is inserted, but transactions commit in any order: a poll may
// see line 12 while line 11 is still uncommitted. Ids skipped that way are asked for again by the following
// polls for MISSED_WINDOW_MS (a rolled-back insert leaves an id that never comes).

const POLL_MS = 250;
const MISSED_WINDOW_MS = 10_000;
const MAX_MISSED = 1000;
const LINES_PER_POLL = 5000;
/** A tail whose reader falls this far behind is ended rather than buffering without bound. */
const MAX_QUEUED = 10_000;

/** What a tail follows: a container's replicas (all, or one by name) or a run. */
export type TailMatch =
  { kind: 'replica'; containerId: number; replica?: string } | { kind: 'job-run'; runId: number };

interface Tail {
  match: TailMatch;
  accepts: (line: string) => boolean;
  /** It wants lines after this id only (its catch-up's start). */
  after: number;
  /** Lines it has had from its catch-up: a poll may read them again (written while it caught up). */
  caughtUp: Set<number>;
  queue: LogLineView[];
  wake?: () => void;
  ended: boolean;
}

function matches(match: TailMatch, written: WrittenLine): boolean {
  if (match.kind === 'job-run') return written.kind === 'job-run' && written.sourceId === match.runId;
  return (
    written.kind === 'replica' &&
    written.containerId === match.containerId &&
    (match.replica === undefined || written.view.replica === match.replica)
  );
}

export function createTailHub(deps: { db: Db; log: Pick<FastifyBaseLogger, 'warn'> }) {
  const tails = new Set<Tail>();
  /** The newest id read; undefined while nobody tails. */
  let cursor: number | undefined;
  let starting: Promise<number> | undefined;
  /** Ids below the cursor not seen yet, with when they were first missed. */
  let missed = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  /** Counts the times everybody left: a poll still running from before must not deliver what it read. */
  let epoch = 0;
  let closed = false;

  function end(tail: Tail) {
    tail.ended = true;
    tails.delete(tail);
    tail.wake?.();
    if (tails.size === 0) {
      clearTimeout(timer);
      timer = undefined;
      cursor = undefined;
      missed = new Map();
      epoch++;
    }
  }

  function deliver(lines: WrittenLine[]) {
    for (const tail of tails) {
      for (const written of lines) {
        if (
          matches(tail.match, written) &&
          tail.accepts(written.view.line) &&
          written.view.id > tail.after &&
          !tail.caughtUp.has(written.view.id)
        )
          tail.queue.push(written.view);
      }
      if (tail.queue.length > MAX_QUEUED) end(tail);
      else if (tail.queue.length) tail.wake?.();
    }
  }

  async function poll() {
    if (cursor === undefined) return;
    const started = epoch;
    const now = Date.now();
    for (const [id, since] of missed) if (now - since > MISSED_WINDOW_MS) missed.delete(id);
    const lines = await linesWrittenAfter(deps.db, cursor, [...missed.keys()], LINES_PER_POLL);
    if (epoch !== started || cursor === undefined) return; // everybody left meanwhile
    let next = cursor;
    for (const written of lines) {
      missed.delete(written.view.id);
      for (let id = Math.max(next + 1, written.view.id - MAX_MISSED); id < written.view.id; id++)
        missed.set(id, now);
      next = Math.max(next, written.view.id);
    }
    while (missed.size > MAX_MISSED) missed.delete(missed.keys().next().value as number);
    cursor = next;
    deliver(lines);
  }

  function schedule() {
    if (closed || tails.size === 0 || timer) return;
    timer = setTimeout(() => {
      poll()
        .catch((error: unknown) => deps.log.warn({ err: error }, 'log tail poll failed'))
        .finally(() => {
          timer = undefined;
          schedule();
        });
    }, POLL_MS);
  }

  /**
   * The tail's lines as an iterator. Not an async generator: a generator's `return()` (the reader left,
   * e.g. the SSE client disconnected) would wait behind its pending `next()`, that is until the next line of
   * its source, and the tail would be polled for until then.
   */
  function read(tail: Tail): AsyncIterableIterator<LogLineView> {
    const iterator: AsyncIterableIterator<LogLineView> = {
      async next() {
        for (;;) {
          const line = tail.queue.shift();
          if (line) return { value: line, done: false };
          if (tail.ended) return { value: undefined, done: true };
          await new Promise<void>((resolve) => (tail.wake = resolve));
          tail.wake = undefined;
        }
      },
      return() {
        tail.queue = [];
        end(tail);
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  return {
    /**
     * Follows the lines of `match` written from now on. Resolves once the tail is in place (so a line
     * written after that reaches it); with `after`, `catchUp` then reads the lines after that id, which come
     * first, without twins.
     */
    async open(
      match: TailMatch,
      accepts: (line: string) => boolean,
      after?: { id: number; catchUp: () => Promise<LogLineView[]> },
    ): Promise<AsyncIterableIterator<LogLineView>> {
      if (closed) throw new Error('the log tails are closed');
      const tail: Tail = {
        match,
        accepts,
        after: after?.id ?? 0,
        caughtUp: new Set(),
        queue: [],
        ended: false,
      };
      if (cursor === undefined) {
        starting ??= lastLineId(deps.db).finally(() => (starting = undefined));
        const start = await starting;
        cursor ??= start;
      }
      tails.add(tail);
      schedule();
      if (after) {
        try {
          const earlier = await after.catchUp();
          tail.caughtUp = new Set(earlier.map((line) => line.id));
          tail.queue = [...earlier, ...tail.queue.filter((line) => !tail.caughtUp.has(line.id))];
        } catch (error) {
          end(tail);
          throw error;
        }
      }
      return read(tail);
    },
    /** How many tails are open now (the server's metrics). */
    count: () => tails.size,
    /** Ends every tail (their streams complete) and stops polling: the server is shutting down. */
    close() {
      closed = true;
      for (const tail of [...tails]) end(tail);
    },
  };
}

export type TailHub = ReturnType<typeof createTailHub>;
