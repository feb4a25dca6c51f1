import { screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logPeriod, toLocalInput } from '../../src/features/logs/components/log-range.ts';
import type { ContainerLogsQueryVariables } from '../../src/gql/console-logs/graphql.ts';
import { containerDetails, namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A container's log over a time range (issue 28): the last 15 minutes to 7 days, still following what comes,
// or between two times; with the lines of replicas that stopped or were replaced, if asked.

const container = containerDetails('web', {
  replicas: [{ name: 'web-new01-1', status: 'running', statusMessage: 'Started', image: 'nginx:1.28' }],
});

/** Answers the container and its log (no lines); records how the log was asked for. */
function serve() {
  const asked: ContainerLogsQueryVariables[] = [];
  const tails: unknown[] = [];
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('Container', () => HttpResponse.json({ data: { container } })),
    graphql.query('ContainerReplicaNames', () =>
      HttpResponse.json({ data: { container: { id: '7', replicas: [{ name: 'web-new01-1' }] } } }),
    ),
    graphql.query<object, ContainerLogsQueryVariables>('ContainerLogs', ({ variables }) => {
      asked.push(variables);
      return HttpResponse.json({ data: { containerLogs: [] } });
    }),
    http.post('*/graphql/console-logs', async ({ request }) => {
      if (!request.headers.get('accept')?.includes('text/event-stream')) return undefined;
      tails.push(((await request.json()) as { variables: unknown }).variables);
      return new HttpResponse(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return { asked, tails };
}

const path = '/compute/serverless-containers/shop/container/web/logs';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-04T12:00:00Z'), toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('a log time range', () => {
  it('reads the last hour of every replica, stopped ones included, and goes on following', async () => {
    const { asked, tails } = serve();
    const { user, router } = renderWithProviders({ path });
    await waitFor(() => expect(asked).toHaveLength(1));
    // At first: the newest lines of the running replicas.
    expect(asked[0]?.query).not.toHaveProperty('since');
    expect(asked[0]?.source).toEqual({ namespace: 'shop', container: 'web' });

    await user.click(screen.getByRole('combobox', { name: 'Time' }));
    await user.click(screen.getByRole('option', { name: 'Last hour' }));
    await user.click(screen.getByRole('checkbox', { name: 'Include stopped replicas' }));
    await waitFor(() =>
      expect(asked.at(-1)).toMatchObject({
        source: { namespace: 'shop', container: 'web', includeStopped: true },
        query: { since: '2025-03-04T11:00:00.000Z' },
      }),
    );
    expect(asked.at(-1)?.query).not.toHaveProperty('until');
    expect(router.state.location.search).toEqual({ range: '1h', stopped: true });
    await waitFor(() => expect(tails.at(-1)).toMatchObject({ source: { includeStopped: true } }));
    expect(await screen.findByText('No log lines in this time')).toBeVisible();
  });

  it('reads between two times without following, and says when the end comes first', async () => {
    const { asked } = serve();
    const { user } = renderWithProviders({
      path: `${path}?range=custom&from=2025-03-04T08:00:00.000Z&to=2025-03-04T09:30:00.000Z`,
    });
    await waitFor(() =>
      expect(asked.at(-1)?.query).toMatchObject({
        since: '2025-03-04T08:00:00.000Z',
        until: '2025-03-04T09:30:00.000Z',
      }),
    );
    expect(screen.queryByText('Following')).toBeNull();
    expect(screen.getByLabelText('From')).toHaveValue(toLocalInput('2025-03-04T08:00:00.000Z'));

    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, toLocalInput('2025-03-04T07:00:00.000Z'));
    expect(await screen.findByText('The end must come after the start')).toBeVisible();
    expect(within(screen.getByRole('main')).queryByRole('region', { name: 'Log lines' })).toBeNull();
  });
});

describe('log periods', () => {
  it('reads a range up to now from its length, and a custom one only when it is whole and in order', () => {
    const now = Date.parse('2025-03-04T12:00:00Z');
    expect(logPeriod('live', now)).toEqual({});
    expect(logPeriod('15m', now)).toEqual({ since: '2025-03-04T11:45:00.000Z' });
    expect(logPeriod('7d', now)).toEqual({ since: '2025-02-25T12:00:00.000Z' });
    expect(logPeriod('custom', now, { from: '2025-03-04T08:00:00Z' })).toBeUndefined();
    expect(
      logPeriod('custom', now, { from: '2025-03-04T09:00:00Z', to: '2025-03-04T08:00:00Z' }),
    ).toBeUndefined();
    expect(logPeriod('custom', now, { from: '2025-03-04T08:00:00Z', to: '2025-03-04T09:00:00Z' })).toEqual({
      since: '2025-03-04T08:00:00Z',
      until: '2025-03-04T09:00:00Z',
    });
  });
});
