import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { mdiMagnify, mdiPlus } from '@mdi/js';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { Area } from '@berth/rules';
import { mayCreate } from '../lib/auth/access.ts';
import type { Refusal } from '../lib/auth/refusal.ts';
import { useAccess } from '../lib/auth/queries.ts';
import { isChanging, pollWhile, type ChangeableResource } from '../lib/resource-activity.ts';
import { Deferred } from './deferred.tsx';
import { EmptyState } from './empty-state.tsx';
import { MdiIcon } from './mdi-icon.tsx';
import { ResourceTable, type ResourceColumn, type TableSort } from './resource-table.tsx';
import { ButtonLink, type LinkTarget } from './router-links.tsx';
import { TruncatedName } from './truncated-name.tsx';
import { LoadError } from './load-error.tsx';

export interface ResourceListViewProps<TRow extends ChangeableResource, TKey extends QueryKey> {
  /** The table's name, plural: `Containers`; lowercased in messages. */
  label: string;
  /** The list, as `queryOptions`; the view polls it while a row is changing. */
  query: UseQueryOptions<TRow[], Error, TRow[], TKey>;
  rowKey: (row: TRow) => string;
  /** The first column: the name, which search looks in and which links to the resource's page if given. */
  rowName: (row: TRow) => string;
  rowLink?: (row: TRow) => LinkTarget;
  /** Under the name, such as the state of something without a column for it. */
  rowBadge?: (row: TRow) => ReactNode;
  /** The columns after the name; those with a `value` can be sorted by. */
  columns: readonly ResourceColumn<TRow>[];
  /** Rows can be narrowed to one value of this, such as the state, when they hold more than one. */
  filter?: { label: string; value: (row: TRow) => string };
  /**
   * The create action. `create-limited` (SPEC §2) offers it with full access, or with restricted access
   * while the list is empty; otherwise an upgrade to a subscription takes its place, with `restrictedReason`
   * telling a restricted customer why. Without a permission it is always offered. `refused`: the access
   * policy's refusal in the resource's area (`useRefusal(area, 'create')`), which disables it and says why.
   */
  create?: {
    label: string;
    link: LinkTarget;
    permission?: 'create-limited';
    restrictedReason?: string;
    refused?: { refusal: Refusal; area: Area } | null;
  };
  /** What an empty list shows; `readOnlyDescription` when the customer may not create one. */
  empty: { icon: string; title: string; description: string; readOnlyDescription?: string };
  /** Said above the table while it has rows, such as what its prices mean. */
  note?: ReactNode;
}

// Only a customer whose plan stops them creating needs the call to action's code.
const UpgradeCallToAction = lazy(() =>
  import('./subscription/on-demand.ts').then((module) => ({
    default: module.UpgradeCallToAction,
  })),
);

// Only a customer the policy refuses creating (unconfirmed, suspended) needs the refusal's code.
const RefusedCreate = lazy(() =>
  import('./subscription/on-demand.ts').then((module) => ({
    default: module.RefusedCreate,
  })),
);

// Made on first use (sorting, or a filter's values): a page's first Intl object costs the start of ICU, tens of
// milliseconds on a phone, which a list's first render need not pay.
let collator: Intl.Collator | undefined;

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(String(a), String(b));
}

/**
 * The list screen of a kind of resource, declared rather than written: given its query, columns, create
 * action, empty state and row link, it shows the loading rows, the error with a way to try again, and the
 * table with search by name, sorting by column and a filter; and refreshes while a row is changing.
 */
export function ResourceListView<TRow extends ChangeableResource, TKey extends QueryKey>({
  label,
  query,
  rowKey,
  rowName,
  rowLink,
  rowBadge,
  columns,
  filter,
  create,
  empty,
  note,
}: ResourceListViewProps<TRow, TKey>) {
  const list = useQuery({ ...query, refetchInterval: pollWhile((rows: TRow[]) => rows.some(isChanging)) });
  const access = useAccess();
  const [search, setSearch] = useState('');
  const [filterValue, setFilterValue] = useState('');
  const [sort, setSort] = useState<TableSort | null>(null);
  const noun = label.toLowerCase();
  // The rows render in a non-blocking update (on a phone's CPU that render takes 100 ms or more, which as
  // one task would keep the page from answering input that long); the table's first render likewise, below.
  const rows = useDeferredValue(list.data);

  if (list.isError) {
    return <LoadError title={`The ${noun} could not be loaded`} onRetry={list.refetch} />;
  }

  const refused = create?.refused;
  const canCreate =
    create !== undefined &&
    !refused &&
    (create.permission !== 'create-limited' ||
      (access !== undefined && rows !== undefined && mayCreate(access, rows.length)));
  // Only a restricted customer is offered the upgrade: a suspended one is told why by the access banner, and a
  // subscription would not lift the suspension.
  const planLimited =
    create?.permission === 'create-limited' &&
    access?.restricted === true &&
    rows !== undefined &&
    !canCreate;
  const createButton = create && canCreate && (
    <ButtonLink
      to={create.link.to}
      params={create.link.params}
      search={create.link.search}
      variant="contained"
      startIcon={<MdiIcon path={mdiPlus} />}
      sx={{ flexShrink: 0 }}
    >
      {create.label}
    </ButtonLink>
  );
  const createAction =
    createButton ||
    (create && refused && (
      <Suspense>
        <RefusedCreate label={create.label} refusal={refused.refusal} area={refused.area} />
      </Suspense>
    )) ||
    (planLimited && (
      <Suspense>
        <UpgradeCallToAction reason={create.restrictedReason} />
      </Suspense>
    ));

  const nameColumn: ResourceColumn<TRow> = {
    id: 'name',
    header: 'Name',
    // On a wide screen a name shows whole before other columns grow (a job list cut 'weekly-re…' at 1280 px).
    minWidth: { lg: '14rem' },
    value: rowName,
    cell: (row) => (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <TruncatedName name={rowName(row)} link={rowLink?.(row)} sx={{ fontWeight: 600, maxWidth: '100%' }} />
        {rowBadge?.(row)}
      </Stack>
    ),
  };
  const allColumns = [nameColumn, ...columns];

  const needle = search.trim().toLowerCase();
  const shown = rows
    ?.filter((row) => !needle || rowName(row).toLowerCase().includes(needle))
    .filter((row) => !filter || !filterValue || filter.value(row) === filterValue);
  const sortValue = allColumns.find((column) => column.id === sort?.columnId)?.value;
  if (shown && sort && sortValue) {
    shown.sort((a, b) => compare(sortValue(a), sortValue(b)) * (sort.direction === 'asc' ? 1 : -1));
  }
  const filterValues = filter && rows ? [...new Set(rows.map(filter.value))].sort(compare) : [];
  const narrowed = Boolean(needle || filterValue);
  const clear = () => {
    setSearch('');
    setFilterValue('');
  };

  return (
    <Deferred>
      <Stack spacing={2}>
        {Boolean(rows?.length) && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
          >
            <TextField
              type="search"
              size="small"
              label="Search by name"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{
                input: { startAdornment: <MdiIcon path={mdiMagnify} fontSize="small" sx={{ mr: 1 }} /> },
              }}
              sx={{ flex: { sm: '1 1 240px' }, maxWidth: { sm: 360 } }}
            />
            {filter && (filterValues.length > 1 || filterValue) && (
              <TextField
                select
                size="small"
                label={filter.label}
                value={filterValue}
                onChange={(event) => setFilterValue(event.target.value)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 160 }}
              >
                <option value="">All</option>
                {filterValues.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </TextField>
            )}
            {narrowed && (
              <Typography variant="body2" color="text.secondary" role="status">
                {shown?.length} of {rows?.length} shown
              </Typography>
            )}
            <Stack direction="row" sx={{ ml: { sm: 'auto' } }}>
              {createAction}
            </Stack>
          </Stack>
        )}
        {Boolean(rows?.length) && note}
        {narrowed && shown?.length === 0 ? (
          <EmptyState
            icon={mdiMagnify}
            title={`No ${noun} match`}
            description="Try another name or filter."
            action={
              <Button variant="outlined" onClick={clear}>
                Show all {noun}
              </Button>
            }
          />
        ) : (
          <ResourceTable
            label={label}
            columns={allColumns}
            rows={shown}
            rowKey={rowKey}
            sort={sort}
            onSort={(columnId) =>
              setSort((current) => ({
                columnId,
                direction: current?.columnId === columnId && current.direction === 'asc' ? 'desc' : 'asc',
              }))
            }
            empty={
              <EmptyState
                icon={empty.icon}
                title={empty.title}
                description={canCreate ? empty.description : (empty.readOnlyDescription ?? empty.description)}
                action={createAction}
              />
            }
          />
        )}
      </Stack>
    </Deferred>
  );
}
