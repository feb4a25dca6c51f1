import { portalLanguage } from '@/lib/language.ts';
import Box from '@mui/material/Box';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { Area, LinePath } from '@visx/shape';
import type { MetricsRange } from '@/gql/graphql.ts';
import { useElementWidth } from '@/lib/use-element-width.ts';
import type { MetricSeries } from '../api/get-container-metrics.ts';
import { formatFigure, rangeSeconds } from './metric-figures.ts';

type Point = MetricSeries['points'][number];
interface Sample {
  at: Date;
  average: number;
  maximum: number;
}

const height = 180;

/** The maximum's band: the line's colour, light enough for the line to stand out on it in either theme. */
export const bandColor = (theme: Theme) =>
  alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.3 : 0.18);
const margin = { top: 8, right: 16, bottom: 28, left: 52 };

/**
 * The points in runs of consecutive ones: a point more than one step after the one before starts a new run,
 * so no line is drawn across minutes (or hours) without samples.
 */
export function contiguousRuns(points: readonly Point[], resolutionSeconds: number): Sample[][] {
  const runs: Sample[][] = [];
  let previous: Sample | undefined;
  for (const point of points) {
    const sample = { at: new Date(point.at), average: point.average, maximum: point.maximum };
    const run = runs.at(-1);
    if (run && previous && sample.at.getTime() - previous.at.getTime() <= resolutionSeconds * 1000) {
      run.push(sample);
    } else {
      runs.push([sample]);
    }
    previous = sample;
  }
  return runs;
}

const timeFormats = new Map<MetricsRange, Intl.DateTimeFormat>();
/** Ticks in the customer's locale: times of day over an hour or a day, days over a week. */
function timeFormat(range: MetricsRange): Intl.DateTimeFormat {
  let format = timeFormats.get(range);
  if (!format) {
    format = new Intl.DateTimeFormat(
      portalLanguage(),
      range === 'WEEK' ? { month: 'short', day: 'numeric' } : { hour: 'numeric', minute: '2-digit' },
    );
    timeFormats.set(range, format);
  }
  return format;
}

/**
 * One metric over the range ending at `end`: its average as a line, its maximum as a lighter band above it,
 * a point standing alone as a dot. A picture only (one image to screen readers): the figures are said in the
 * summary it is described by.
 */
export function MetricChart({
  series,
  range,
  resolution,
  end,
  label,
  describedBy,
}: {
  series: MetricSeries;
  range: MetricsRange;
  resolution: number;
  end: Date;
  label: string;
  describedBy: string;
}) {
  const theme = useTheme();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const xScale = scaleTime<number>({
    domain: [new Date(end.getTime() - rangeSeconds[range] * 1000), end],
    range: [0, innerWidth],
  });
  const peak = Math.max(0, ...series.points.map((point) => point.maximum));
  const yScale = scaleLinear<number>({
    // Nothing but zeros still draws an axis (to one) rather than a degenerate scale.
    domain: [0, Math.max(1, peak)],
    range: [innerHeight, 0],
    nice: true,
  });
  const runs = contiguousRuns(series.points, resolution);
  const line = theme.palette.primary.main;
  const band = bandColor(theme);
  const axisLabel = {
    fill: theme.palette.text.secondary,
    fontSize: 12,
    fontFamily: theme.typography.fontFamily,
  };
  const x = (sample: Sample) => xScale(sample.at);

  return (
    <Box ref={ref} role="img" aria-label={label} aria-describedby={describedBy}>
      <svg width={width} height={height} style={{ display: 'block' }}>
        <Group top={margin.top} left={margin.left}>
          <GridRows scale={yScale} width={innerWidth} numTicks={4} stroke={theme.palette.divider} />
          {runs.map((run) =>
            run.length === 1 && run[0] ? (
              // A minute alone: its maximum as a bar, its average as a dot on it.
              <g key={run[0].at.getTime()}>
                <line
                  data-line="maximum"
                  x1={x(run[0])}
                  x2={x(run[0])}
                  y1={yScale(run[0].average)}
                  y2={yScale(run[0].maximum)}
                  stroke={band}
                  strokeWidth={5}
                />
                <circle data-line="average" cx={x(run[0])} cy={yScale(run[0].average)} r={2.5} fill={line} />
              </g>
            ) : (
              <g key={run[0]?.at.getTime()}>
                <Area<Sample>
                  data={run}
                  x={x}
                  y0={(sample) => yScale(sample.average)}
                  y1={(sample) => yScale(sample.maximum)}
                  fill={band}
                  data-line="maximum"
                />
                <LinePath<Sample>
                  data={run}
                  x={x}
                  y={(sample) => yScale(sample.average)}
                  stroke={line}
                  strokeWidth={2}
                  data-line="average"
                  data-points={run.length}
                />
              </g>
            ),
          )}
          <AxisLeft
            scale={yScale}
            numTicks={4}
            tickFormat={(value) => formatFigure(Number(value))}
            stroke={theme.palette.divider}
            tickStroke={theme.palette.divider}
            tickLabelProps={{ ...axisLabel, textAnchor: 'end', dx: -4, dy: 4 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={xScale}
            numTicks={width < 500 ? 3 : 6}
            tickFormat={(value) => timeFormat(range).format(value as Date)}
            stroke={theme.palette.divider}
            tickStroke={theme.palette.divider}
            tickLabelProps={axisLabel}
          />
        </Group>
      </svg>
    </Box>
  );
}
