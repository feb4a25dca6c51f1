import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/console-logs-document.ts';
import { consoleLogsRequest } from '@/lib/graphql/console-logs.ts';
import { withFragments } from '@/lib/graphql/document.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { logLineFragment, type LogLineItem } from './log-line-fragment.ts';
import { containerInput, jobRunInput, type LogSource, type LogPeriod } from './log-source.ts';

/** How many of the newest lines a viewer starts with: the API's most. */
export const RECENT_LINES = 1000;

const containerLogsQuery = withFragments(
  graphql(`
    query ContainerLogs($source: ContainerLogSource!, $query: LogQuery!) {
      containerLogs(source: $source, query: $query) {
        ...LogLineItem
      }
    }
  `),
  logLineFragment,
);

const jobRunLogsQuery = withFragments(
  graphql(`
    query JobRunLogs($source: JobRunLogSource!, $query: LogQuery!) {
      jobRunLogs(source: $source, query: $query) {
        ...LogLineItem
      }
    }
  `),
  logLineFragment,
);

async function newestLines(
  source: LogSource,
  filter: string,
  period: LogPeriod,
  signal: AbortSignal,
): Promise<LogLineItem[]> {
  const query = {
    limit: RECENT_LINES,
    order: 'NEWEST_FIRST' as const,
    ...(filter ? { filter } : {}),
    ...period,
  };
  if (source.kind === 'job-run') {
    const data = await consoleLogsRequest(jobRunLogsQuery, { source: jobRunInput(source), query }, signal);
    return data.jobRunLogs;
  }
  const data = await consoleLogsRequest(
    containerLogsQuery,
    { source: containerInput(source), query },
    signal,
  );
  return data.containerLogs;
}

/**
 * The newest lines of a source matching `filter`, oldest first (as a log reads). Not refetched on its own:
 * the viewer follows what comes after them through the tail.
 */
export const recentLinesQueryOptions = (source: LogSource, filter: string, period: LogPeriod = {}) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(source.namespace), 'logs', source, filter, period] as const,
    queryFn: ({ signal }) => newestLines(source, filter, period, signal).then((lines) => lines.reverse()),
    staleTime: Infinity,
    gcTime: 0,
    // A source that is gone (a replica stopped since it was picked) is said in the viewer, not on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });
