import { createFileRoute } from '@tanstack/react-router';
import { isLogRange, type LogRange } from '@/features/logs/components/log-range-names.ts';
import { ContainerLogsTab } from '@/features/logs/screens/container-logs-tab.tsx';

interface ContainerLogsSearch {
  replica?: string;
  range?: LogRange;
  from?: string;
  to?: string;
  stopped?: boolean;
}

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/logs',
)({
  staticData: { title: 'Logs · {containerName} · {namespaceName}' },
  // `?replica=web-abcde-1`: that replica's log (a failure's banner links there), all replicas without one;
  // `range=1h` (or 15m, 24h, 7d, custom with `from` and `to`, ISO times): the time read; `stopped=true`:
  // the lines of replicas that stopped or were replaced too.
  validateSearch: (search: Record<string, unknown>): ContainerLogsSearch => ({
    ...(typeof search.replica === 'string' && search.replica !== '' ? { replica: search.replica } : {}),
    ...(isLogRange(search.range) && search.range !== 'live' ? { range: search.range } : {}),
    ...(typeof search.from === 'string' ? { from: search.from } : {}),
    ...(typeof search.to === 'string' ? { to: search.to } : {}),
    ...(search.stopped === true ? { stopped: true } : {}),
  }),
  component: ContainerLogsTab,
});
