import { screen, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ContainerLogsQueryVariables } from '../../src/gql/console-logs/graphql.ts';
import { containerDetails, namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A failing container says why at the top of each of its tabs (issue 28): the cause in plain words, what to
// try, and a link to the failing replica's log.

const problem = {
  cause: 'The command exited with code 3 right after starting, three times: see the log lines before it.',
  advice: 'Check the command, its arguments and variables.',
  replica: 'web-abcde-1',
};

const container = (failing: boolean) =>
  containerDetails('web', {
    image: 'busybox:1.36',
    entrypoint: ['sh', '-c'],
    command: ['exit 3'],
    ports: [],
    availableReplicas: 0,
    problem: failing ? problem : null,
    state: failing ? 'failed' : 'running',
    replicas: [
      { name: 'web-abcde-1', status: 'failed', statusMessage: 'CrashLoopBackOff', image: 'busybox:1.36' },
    ],
  });

/** Answers the container, its replicas' names and its log; records the replicas whose log was asked. */
function serve(failing: boolean) {
  const logsOf: (string | null | undefined)[] = [];
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('Container', () => HttpResponse.json({ data: { container: container(failing) } })),
    graphql.query('DefaultContainerAddress', () =>
      HttpResponse.json({
        data: { namespace: { id: '1', defaultContainerAddress: 'web-shop-1a2b3c4d.apps.localhost' } },
      }),
    ),
    graphql.query('ContainerEvents', () =>
      HttpResponse.json({ data: { container: { id: '7', events: [] } } }),
    ),
    graphql.query('ContainerReplicaNames', () =>
      HttpResponse.json({ data: { container: { id: '7', replicas: [{ name: 'web-abcde-1' }] } } }),
    ),
    graphql.query<object, ContainerLogsQueryVariables>('ContainerLogs', ({ variables }) => {
      logsOf.push(variables.source.replica);
      return HttpResponse.json({ data: { containerLogs: [] } });
    }),
    http.post('*/graphql/console-logs', ({ request }) =>
      request.headers.get('accept')?.includes('text/event-stream')
        ? new HttpResponse(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } })
        : undefined,
    ),
  );
  return { logsOf };
}

describe('a failing container', () => {
  it("says why above every tab, and leads to the failing replica's log", async () => {
    const { logsOf } = serve(true);
    const { user, router } = renderWithProviders({
      path: '/compute/serverless-containers/shop/container/web/overview',
    });
    const banner = await screen.findByRole('region', { name: 'Why it fails' });
    expect(within(banner).getByText('Replica web-abcde-1 failed')).toBeVisible();
    expect(banner).toHaveTextContent(`${problem.cause} ${problem.advice}`);

    await user.click(within(banner).getByRole('link', { name: 'Show its log' }));
    expect(router.state.location.pathname).toBe('/compute/serverless-containers/shop/container/web/logs');
    expect(router.state.location.search).toEqual({ replica: 'web-abcde-1' });
    expect(await screen.findByRole('combobox', { name: 'Replica' })).toHaveTextContent('web-abcde-1');
    expect(logsOf).toContain('web-abcde-1');
    // Still said on the logs tab.
    expect(screen.getByRole('region', { name: 'Why it fails' })).toBeVisible();
  });

  it('says nothing of the kind while it runs', async () => {
    serve(false);
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/overview' });
    await screen.findByRole('heading', { level: 1, name: /web/ });
    expect(screen.queryByRole('region', { name: 'Why it fails' })).toBeNull();
  });
});
