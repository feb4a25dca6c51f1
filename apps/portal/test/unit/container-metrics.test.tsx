import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  ContainerMetricsQuery,
  ContainerMetricsQueryVariables,
  MetricName,
  MetricsRange,
} from '../../src/gql/graphql.ts';
import { containerDetails, namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A container's metrics tab (issue 15): CPU, memory and requests over the last hour, day or week, drawn with
// gaps where there were no samples, the figures said beneath each chart.

const container = containerDetails('web', {
  image: 'nginx:1.27',
  replicas: [{ name: 'web-abcde-1', status: 'running', statusMessage: 'Started', image: 'nginx:1.27' }],
});

type Metrics = ContainerMetricsQuery['container']['metrics'];
const units: Record<MetricName, string> = {
  CPU_PERCENT: '%',
  MEMORY_MB: 'MB',
  REQUESTS_PER_SECOND: 'req/s',
  RUN_DURATION_SECONDS: 's',
};
const resolutions: Record<MetricsRange, number> = { HOUR: 60, DAY: 60, WEEK: 3600 };

/** Points `minutesAgo` minutes before now (whole minutes), as [average, maximum]. */
function points(values: Record<number, [number, number]>) {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  return Object.entries(values)
    .map(([minutesAgo, [average, maximum]]) => ({
      at: new Date(minute - Number(minutesAgo) * 60_000).toISOString(),
      average,
      maximum,
    }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Answers the metrics with these points per metric (none for the others) and the runtime's reasons for having no
 * samples, of all of them or of single metrics (none by default), and records the ranges asked.
 */
function serveMetrics(
  series: Partial<Record<MetricName, ReturnType<typeof points>>>,
  why: { all?: string; series?: Partial<Record<MetricName, string>> } = {},
) {
  const asked: (MetricsRange | undefined)[] = [];
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('Container', () => HttpResponse.json({ data: { container } })),
    graphql.query<ContainerMetricsQuery, ContainerMetricsQueryVariables>(
      'ContainerMetrics',
      ({ variables }) => {
        asked.push(variables.range);
        const metrics: Metrics = {
          range: variables.range,
          resolution: resolutions[variables.range],
          unavailable: why.all ?? null,
          series: (['CPU_PERCENT', 'MEMORY_MB', 'REQUESTS_PER_SECOND'] as const).map((metric) => ({
            metric,
            unit: units[metric],
            unavailable: why.series?.[metric] ?? null,
            points: series[metric] ?? [],
          })),
        };
        return HttpResponse.json({ data: { container: { id: '7', metrics } } });
      },
    ),
  );
  return asked;
}

const chart = (title: string) => within(screen.getByRole('region', { name: title }));
/** The average's lines in a chart, each with how many points it joins. */
const averageLines = (title: string) =>
  Array.from(
    screen.getByRole('region', { name: title }).querySelectorAll('path[data-line="average"]'),
    (path) => Number(path.getAttribute('data-points')),
  );
/** Waits for the chart's empty state naming the range. */
const saysNoSamples = (title: string, phrase: string) =>
  waitFor(() =>
    expect(chart(title).getByText(`No samples in ${phrase} yet`, { exact: false })).toBeVisible(),
  );

describe('container metrics tab', () => {
  it('draws each series, breaking the line where minutes have no samples, and says the figures', async () => {
    serveMetrics({
      // Two runs of minutes with three minutes without samples between them.
      CPU_PERCENT: points({ 9: [20, 35], 8: [30, 80], 7: [25, 40], 3: [41, 50], 2: [40, 55], 1: [42, 60] }),
      REQUESTS_PER_SECOND: points({ 2: [3.25, 4.5], 1: [2.5, 3] }),
    });
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/metrics' });
    expect(await screen.findByText('Latest 42 %, peak 80 %')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Metrics' })).toHaveAttribute('aria-selected', 'true');
    expect(averageLines('CPU')).toEqual([3, 3]);
    expect(chart('CPU').getByRole('img', { name: 'CPU over the last hour' })).toHaveAccessibleDescription(
      'Latest 42 %, peak 80 %',
    );
    expect(chart('Requests').getByText('Latest 2.5 req/s, peak 4.5 req/s')).toBeVisible();
    expect(averageLines('Requests')).toEqual([2]);
    // Memory had no samples: no chart, but a sentence.
    expect(chart('Memory').queryByRole('img')).not.toBeInTheDocument();
    await saysNoSamples('Memory', 'the last hour');
  });

  it('asks for the range picked, keeps it in the address, and says each range in its empty states', async () => {
    const asked = serveMetrics({});
    const { user, router } = renderWithProviders({
      path: '/compute/serverless-containers/shop/container/web/metrics',
    });
    const range = await screen.findByRole('group', { name: 'Time range' });
    expect(within(range).getByRole('button', { name: '1 h' })).toHaveAttribute('aria-pressed', 'true');
    await saysNoSamples('CPU', 'the last hour');

    await user.click(within(range).getByRole('button', { name: '24 h' }));
    await saysNoSamples('CPU', 'the last 24 hours');
    expect(router.state.location.search).toEqual({ range: 'day' });
    expect(within(range).getByRole('button', { name: '24 h' })).toHaveAttribute('aria-pressed', 'true');

    // By keyboard: to the next button, and Enter.
    await user.tab();
    await user.keyboard('{Enter}');
    await saysNoSamples('Memory', 'the last 7 days');
    expect(router.state.location.search).toEqual({ range: 'week' });
    expect(asked).toEqual(['HOUR', 'DAY', 'WEEK']);
  });

  it('opens on the range in the address', async () => {
    const asked = serveMetrics({ CPU_PERCENT: points({ 60: [10, 12] }) });
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/metrics?range=week' });
    expect(await screen.findByText('Latest 10 %, peak 12 %')).toBeVisible();
    expect(asked).toEqual(['WEEK']);
    // A point alone is a dot: no line to draw from it.
    expect(averageLines('CPU')).toEqual([]);
    expect(
      screen.getByRole('region', { name: 'CPU' }).querySelectorAll('circle[data-line="average"]'),
    ).toHaveLength(1);
  });

  it('says why the runtime cannot measure in place of the empty charts, as a plain message', async () => {
    const why = 'CPU and memory cannot be measured at the moment: the cluster serves no metrics API.';
    serveMetrics({}, { all: why });
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/metrics' });
    expect(await screen.findByText(why)).toBeVisible();
    for (const title of ['CPU', 'Memory', 'Requests'])
      expect(screen.queryByRole('region', { name: title })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('The metrics could not be loaded')).not.toBeInTheDocument();
  });

  it('still draws the points from before the runtime stopped measuring, beside its reason', async () => {
    const why = 'CPU and memory cannot be measured at the moment: the cluster serves no metrics API.';
    serveMetrics({ CPU_PERCENT: points({ 30: [12, 20], 29: [14, 18] }) }, { all: why });
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/metrics' });
    expect(await screen.findByText('Latest 14 %, peak 20 %')).toBeVisible();
    expect(screen.getByText(why)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Memory' })).not.toBeInTheDocument();
  });

  it("says why one metric cannot be measured in place of its chart's empty message", async () => {
    const why =
      "Requests per second are not measured on this platform: they come from the cluster's Prometheus, and none is configured.";
    serveMetrics(
      { CPU_PERCENT: points({ 2: [30, 40], 1: [32, 45] }) },
      { series: { REQUESTS_PER_SECOND: why } },
    );
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/metrics' });
    await waitFor(() => expect(chart('Requests').getByText(why)).toBeVisible());
    expect(chart('Requests').queryByText('No samples', { exact: false })).not.toBeInTheDocument();
    expect(chart('Requests').queryByRole('img')).not.toBeInTheDocument();
    // The others are measured: drawn, or waiting for their samples.
    expect(chart('CPU').getByText('Latest 32 %, peak 45 %')).toBeVisible();
    await saysNoSamples('Memory', 'the last hour');
    expect(screen.getAllByText(why)).toHaveLength(1);
  });

  it("still draws a metric's points from before, with why it is not measured now beneath", async () => {
    const why =
      "Requests per second cannot be measured at the moment: the cluster's Prometheus does not answer.";
    serveMetrics(
      { REQUESTS_PER_SECOND: points({ 20: [4, 6], 19: [5, 7] }) },
      { series: { REQUESTS_PER_SECOND: why } },
    );
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/metrics' });
    expect(await screen.findByText('Latest 5 req/s, peak 7 req/s')).toBeVisible();
    expect(chart('Requests').getByRole('img', { name: 'Requests over the last hour' })).toBeVisible();
    expect(chart('Requests').getByText(why)).toBeVisible();
  });

  it("says both reasons when the runtime measures nothing, keeping the metric's own in its place", async () => {
    const all = 'CPU and memory cannot be measured at the moment: the cluster serves no metrics API.';
    const requests =
      "Requests per second are not measured on this platform: they come from the cluster's Prometheus, and none is configured.";
    serveMetrics({}, { all, series: { REQUESTS_PER_SECOND: requests } });
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/metrics' });
    expect(await screen.findByText(all)).toBeVisible();
    expect(chart('Requests').getByText(requests)).toBeVisible();
    for (const title of ['CPU', 'Memory'])
      expect(screen.queryByRole('region', { name: title })).not.toBeInTheDocument();
  });

  it('says when the metrics could not be loaded, and tries again', async () => {
    serveMetrics({ CPU_PERCENT: points({ 1: [5, 6] }) });
    let failures = 1;
    server.use(
      graphql.query('ContainerMetrics', () => {
        if (failures-- <= 0) return undefined;
        return HttpResponse.json({
          errors: [{ message: 'Metrics are down', extensions: { code: 'INTERNAL' } }],
        });
      }),
    );
    const { user } = renderWithProviders({
      path: '/compute/serverless-containers/shop/container/web/metrics',
    });
    expect(await screen.findByText('The metrics could not be loaded')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Latest 5 %, peak 6 %')).toBeVisible());
  });
});
