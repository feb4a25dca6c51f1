import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStackHorizontal } from '@visx/shape';
import type { BillingUsageQuery, UsageResourceType } from '@/gql/billing/graphql.ts';
import { formatMoney } from '@/lib/money.ts';
import { useElementWidth } from '@/lib/use-element-width.ts';
import { usageResourceTypeLabels, usageResourceTypes } from './usage-types.ts';

type Usage = BillingUsageQuery['usage'];
/** What namespaces hold: dedicated IP addresses are the customer's, in no namespace. */
type NamespacedType = Exclude<UsageResourceType, 'IPADDRESS'>;
const namespacedTypes = usageResourceTypes.filter((type): type is NamespacedType => type !== 'IPADDRESS');
type Row = { namespace: string } & Record<NamespacedType, number>;

const barHeight = 36;
const margin = { top: 4, right: 24, bottom: 32, left: 128 };
const longestLabel = 16;

/** Each namespace's cents per resource type, the chart's rows. */
function costByNamespaceAndType(namespaces: Usage['namespaces']): Row[] {
  return namespaces.map((namespace) => {
    const centsOf = (type: NamespacedType) =>
      namespace.resources
        .filter((resource) => resource.resourceType === type)
        .reduce((cents, resource) => cents + resource.cost.amountCents, 0);
    return {
      namespace: namespace.name,
      CONTAINER: centsOf('CONTAINER'),
      CONTAINER_JOB: centsOf('CONTAINER_JOB'),
      VOLUME: centsOf('VOLUME'),
    };
  });
}

/**
 * Cost by namespace, each bar split by resource type (SVG drawn with visx, in the theme's colours). A picture
 * only: the tables beside it give the figures to screen readers (the chart is one image to them) and to
 * anyone who wants to read them.
 */
export function UsageChart({ usage }: { usage: Usage }) {
  const theme = useTheme();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const colors: Record<NamespacedType, string> = {
    CONTAINER: theme.palette.primary.main,
    CONTAINER_JOB: theme.palette.info.main,
    VOLUME: theme.palette.text.secondary,
  };
  const rows = costByNamespaceAndType(usage.namespaces);
  const money = (cents: number) => formatMoney({ amountCents: cents, currency: usage.cost.currency });
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = rows.length * barHeight;
  const xScale = scaleLinear<number>({
    // A month of nothing yet still draws an axis (to one cent) rather than a degenerate scale.
    domain: [0, Math.max(1, ...usage.namespaces.map((namespace) => namespace.cost.amountCents))],
    range: [0, innerWidth],
    nice: true,
  });
  const yScale = scaleBand<string>({
    domain: rows.map((row) => row.namespace),
    range: [0, innerHeight],
    padding: 0.3,
  });
  // Whole cents only: a month's first minutes cost fractions of a cent, which would label three ticks '€0.00'.
  const ticks = xScale.ticks(width < 500 ? 3 : 6).filter(Number.isInteger);
  const label = { fill: theme.palette.text.secondary, fontSize: 12, fontFamily: theme.typography.fontFamily };

  return (
    <Box
      role="img"
      aria-label="Chart of this month's cost by namespace and resource type; the tables below list the figures"
    >
      <Stack
        component="ul"
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mb: 1 }}
      >
        {namespacedTypes.map((type) => (
          <Stack component="li" key={type} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colors[type] }} />
            <Typography variant="body2">{usageResourceTypeLabels[type]}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box ref={ref}>
        <svg width={width} height={innerHeight + margin.top + margin.bottom} style={{ display: 'block' }}>
          <Group top={margin.top} left={margin.left}>
            <GridColumns
              scale={xScale}
              height={innerHeight}
              tickValues={ticks}
              stroke={theme.palette.divider}
            />
            <BarStackHorizontal<Row, NamespacedType>
              data={rows}
              keys={[...namespacedTypes]}
              y={(row) => row.namespace}
              xScale={xScale}
              yScale={yScale}
              color={(type) => colors[type]}
            >
              {(stacks) =>
                stacks.flatMap((stack) =>
                  stack.bars.map((bar) => (
                    <rect
                      key={`${stack.key}-${bar.index}`}
                      x={bar.x}
                      y={bar.y}
                      width={Math.max(0, bar.width)}
                      height={bar.height}
                      fill={bar.color}
                    >
                      <title>
                        {`${bar.bar.data.namespace}, ${usageResourceTypeLabels[stack.key]}: ${money(bar.bar.data[stack.key])}`}
                      </title>
                    </rect>
                  )),
                )
              }
            </BarStackHorizontal>
            <AxisLeft
              scale={yScale}
              hideTicks
              stroke={theme.palette.divider}
              tickFormat={(name) =>
                name.length > longestLabel ? `${name.slice(0, longestLabel - 1)}…` : name
              }
              tickLabelProps={{ ...label, fill: theme.palette.text.primary, textAnchor: 'end', dx: -4 }}
            />
            <AxisBottom
              top={innerHeight}
              scale={xScale}
              tickValues={ticks}
              tickFormat={(cents) => money(Number(cents))}
              stroke={theme.palette.divider}
              tickStroke={theme.palette.divider}
              tickLabelProps={label}
            />
          </Group>
        </svg>
      </Box>
    </Box>
  );
}
