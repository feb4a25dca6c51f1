import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LogLineItem } from '../api/log-line-fragment.ts';
import { recentLinesQueryOptions } from '../api/log-lines.ts';
import type { LogSource, LogPeriod } from '../api/log-source.ts';
import { followLogTail, laterLineId, type TailState } from '../api/log-tail.ts';

/** The most lines a viewer keeps (shown, and held while paused): beyond it the oldest go. */
export const MAX_LINES = 10_000;
/** Lines from the tail are shown in batches, at most this often: one render per line would not keep up. */
const FLUSH_MS = 100;

interface Buffer {
  /** The recent lines these were started from: new ones (another source or filter) start over. */
  origin: LogLineItem[] | undefined;
  shown: LogLineItem[];
  /** Lines that came while paused. */
  held: LogLineItem[];
  paused: boolean;
}

const capped = (lines: LogLineItem[]) => (lines.length > MAX_LINES ? lines.slice(-MAX_LINES) : lines);

function appended(buffer: Buffer, lines: LogLineItem[]): Buffer {
  return buffer.paused
    ? { ...buffer, held: capped([...buffer.held, ...lines]) }
    : { ...buffer, shown: capped([...buffer.shown, ...lines]) };
}

export type TailStatus = TailState | 'off' | 'failed';

/**
 * A source's log as a viewer shows it: the newest lines matching `filter` (within `period`), then (when
 * `live`) those written after them, as they come; paused, the new lines are held back until resumed.
 */
export function useLogStream(given: LogSource, filter: string, live: boolean, period: LogPeriod = {}) {
  // Compared by value: a parent's new object for the same source must not start the log over.
  const sourceKey = JSON.stringify(given);
  const source = useMemo(() => JSON.parse(sourceKey) as LogSource, [sourceKey]);
  const recent = useQuery(recentLinesQueryOptions(source, filter, period));
  const [buffer, setBuffer] = useState<Buffer>({ origin: undefined, shown: [], held: [], paused: false });
  const [tail, setTail] = useState<{ status: TailStatus; error?: Error }>({ status: 'off' });
  const [attempt, setAttempt] = useState(0);

  // Other recent lines (another source or filter): the log starts over from them, pause kept.
  if (recent.data && buffer.origin !== recent.data) {
    setBuffer((current) => ({ ...current, origin: recent.data, shown: recent.data, held: [] }));
  }

  const arriving = useRef<LogLineItem[]>([]);
  /** The newest line had so far, and the recent lines it counts from: a tail (re)started goes on after it. */
  const newest = useRef<{ origin: LogLineItem[]; id: string }>(undefined);
  const origin = recent.data;
  useEffect(() => {
    if (!live || !origin) return;
    if (newest.current?.origin !== origin) newest.current = { origin, id: origin.at(-1)?.id ?? '0' };
    const position = newest.current;
    let timer: number | undefined;
    const flush = () => {
      timer = undefined;
      const lines = arriving.current.splice(0);
      setBuffer((current) => (current.origin === origin ? appended(current, lines) : current));
    };
    const stop = followLogTail({
      source,
      afterId: position.id,
      filter,
      onLine(line) {
        position.id = laterLineId(position.id, line.id);
        arriving.current.push(line);
        timer ??= window.setTimeout(flush, FLUSH_MS);
      },
      onState: (status) => setTail({ status }),
      onError: (error) => setTail({ status: 'failed', error }),
    });
    return () => {
      stop();
      window.clearTimeout(timer);
      arriving.current = [];
      setTail({ status: 'off' });
    };
  }, [source, filter, live, origin, attempt]);

  const pause = useCallback(() => setBuffer((current) => ({ ...current, paused: true })), []);
  const resume = useCallback(
    () =>
      setBuffer((current) => ({
        ...current,
        paused: false,
        shown: capped([...current.shown, ...current.held]),
        held: [],
      })),
    [],
  );
  /** Starts a failed tail again, after the newest line shown. */
  const retryTail = useCallback(() => setAttempt((count) => count + 1), []);

  return {
    recent,
    lines: buffer.origin === recent.data ? buffer.shown : (recent.data ?? []),
    held: buffer.held.length,
    paused: buffer.paused,
    pause,
    resume,
    tail,
    retryTail,
  };
}
