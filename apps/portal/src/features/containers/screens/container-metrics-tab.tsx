import { useId } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { getRouteApi } from '@tanstack/react-router';
import { LoadError } from '@/components/load-error.tsx';
import { Section } from '@/components/section.tsx';
import type { MetricsRange } from '@/gql/graphql.ts';
import { useContainerMetrics, type ContainerMetrics } from '../api/get-container-metrics.ts';
import { bandColor, MetricChart } from '../components/metric-chart.tsx';
import { containerCharts, metricsRanges, rangeTexts, seriesSummary } from '../components/metric-figures.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container/$containerName/metrics');

const rangeOfSearch = { day: 'DAY', week: 'WEEK' } as const;
const searchOfRange = (range: MetricsRange) =>
  range === 'DAY' ? { range: 'day' as const } : range === 'WEEK' ? { range: 'week' as const } : {};

/** What the line and the band mean, said once above the charts. */
function Legend() {
  const theme = useTheme();
  const line = theme.palette.primary.main;
  const swatch = { width: 16, flexShrink: 0 };
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} aria-hidden>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ ...swatch, height: 2, bgcolor: line }} />
        <Typography variant="body2">Average</Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ ...swatch, height: 12, bgcolor: bandColor(theme) }} />
        <Typography variant="body2">Maximum</Typography>
      </Stack>
    </Stack>
  );
}

function MetricSection({
  chart,
  metrics,
  end,
}: {
  chart: (typeof containerCharts)[number];
  metrics: ContainerMetrics;
  end: Date;
}) {
  const summaryId = useId();
  const series = metrics.series.find((candidate) => candidate.metric === chart.metric);
  const summary = series && seriesSummary(series);
  const phrase = rangeTexts[metrics.range].phrase;
  return (
    <Section title={chart.title} description={chart.description}>
      {series && summary ? (
        <>
          <MetricChart
            series={series}
            range={metrics.range}
            resolution={metrics.resolution}
            end={end}
            label={`${chart.title} over ${phrase}`}
            describedBy={summaryId}
          />
          <Typography id={summaryId} variant="body2" color="text.secondary">
            {summary}
          </Typography>
          {series.unavailable && (
            <Typography variant="body2" color="text.secondary">
              {series.unavailable}
            </Typography>
          )}
        </>
      ) : (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {series?.unavailable ?? `No samples in ${phrase} yet: a container has them while its replicas run.`}
        </Typography>
      )}
    </Section>
  );
}

/**
 * The charts of the metrics. When the runtime cannot measure (a cluster without a metrics API), its sentence
 * stands in place of the charts that have nothing to show; points from before are still drawn. A metric it
 * cannot measure alone (requests without the cluster's Prometheus) says why in its own chart's place.
 */
function MetricSections({ metrics, end }: { metrics: ContainerMetrics; end: Date }) {
  const hasSomethingToSay = (chart: (typeof containerCharts)[number]) =>
    metrics.series.some(
      (series) => series.metric === chart.metric && (series.points.length > 0 || series.unavailable),
    );
  const charts = metrics.unavailable ? containerCharts.filter(hasSomethingToSay) : containerCharts;
  return (
    <>
      {metrics.unavailable && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {metrics.unavailable}
        </Typography>
      )}
      {charts.map((chart) => (
        <MetricSection key={chart.metric} chart={chart} metrics={metrics} end={end} />
      ))}
    </>
  );
}

/** CPU, memory and requests of the container over the last hour, day or week, refreshed as points come. */
export function ContainerMetricsTab() {
  const { namespaceName, containerName } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const range: MetricsRange = search.range ? rangeOfSearch[search.range] : 'HOUR';
  const query = useContainerMetrics(namespaceName, containerName, range);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Legend />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          aria-label="Time range"
          onChange={(_, next: MetricsRange | null) => {
            // Pressing the range shown again unselects it in MUI; the range stays.
            if (next) void navigate({ search: searchOfRange(next), replace: true });
          }}
        >
          {metricsRanges.map((option) => (
            <ToggleButton key={option} value={option} sx={{ px: 2, textTransform: 'none' }}>
              {rangeTexts[option].short}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>

      {query.isPending ? (
        <Stack spacing={3} aria-label="Loading metrics">
          {containerCharts.map((chart) => (
            <Skeleton key={chart.metric} variant="rounded" height={240} />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadError title="The metrics could not be loaded" onRetry={query.refetch} />
      ) : (
        <MetricSections metrics={query.data} end={new Date(query.dataUpdatedAt)} />
      )}
    </Stack>
  );
}
