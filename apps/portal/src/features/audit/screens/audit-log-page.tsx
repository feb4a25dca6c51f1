import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import Stack from '@mui/material/Stack';
import { mdiHistory } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useAccount } from '@/lib/auth/queries.ts';
import { auditLogQueryOptions } from '../api/get-audit-log.ts';
import { AuditEntryCard } from '../components/audit-entry-card.tsx';
import { AuditFilters, type AuditFilterValues } from '../components/audit-filters.tsx';
import { matchesSearch } from '../components/audit-format.ts';

function AuditLog({ customerId, filters }: { customerId: string; filters: AuditFilterValues }) {
  const log = useQuery(
    auditLogQueryOptions(customerId, {
      modelNames: filters.resourceType ? [filters.resourceType] : [],
      eventTypes: filters.event ? [filters.event] : [],
    }),
  );
  if (log.isError) return <LoadError title="The audit log could not be loaded" onRetry={log.refetch} />;
  if (!log.data) {
    return (
      <Stack spacing={2} role="progressbar" aria-busy="true" aria-label="Loading the audit log">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={88} />
        ))}
      </Stack>
    );
  }
  const filtered = filters.resourceType !== '' || filters.event !== '' || filters.search.trim() !== '';
  const entries = log.data.filter((entry) => matchesSearch(entry, filters.search));
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={mdiHistory}
        title={filtered ? 'No matching changes' : 'No changes yet'}
        description={
          filtered
            ? 'No change matches these filters. Choose other ones or clear the search.'
            : 'Every change to your namespaces, containers, jobs, volumes, registries and databases shows here.'
        }
      />
    );
  }
  const now = new Date();
  return (
    <Box
      component="ol"
      aria-label="Changes, newest first"
      sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
    >
      {entries.map((entry) => (
        <AuditEntryCard key={entry.id} entry={entry} now={now} />
      ))}
    </Box>
  );
}

/** Every change of the customer's resources: who, when, what, and its change set. */
export function AuditLogPage() {
  const account = useAccount();
  const [filters, setFilters] = useState<AuditFilterValues>({ resourceType: '', event: '', search: '' });
  return (
    <>
      <PageHeader title="Audit log" subtitle="Who changed what in your account, newest first." />
      <AuditFilters values={filters} onChange={setFilters} />
      {account.isError ? (
        <LoadError title="The audit log could not be loaded" onRetry={account.refetch} />
      ) : account.data ? (
        <AuditLog customerId={account.data.customer.id} filters={filters} />
      ) : (
        <LoadingBlock label="Loading the audit log" height={88} />
      )}
    </>
  );
}
