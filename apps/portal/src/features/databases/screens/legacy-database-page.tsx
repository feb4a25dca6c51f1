import Stack from '@mui/material/Stack';
import { mdiMagnify } from '@mdi/js';
import { FactsList } from '@/components/facts-list.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { MessagePage } from '@/components/message-page.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import { Section } from '@/components/section.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { formatMonthlyPrice } from '@/lib/money.ts';
import { useNamePage } from '@/lib/page-name.ts';
import { useLegacyDatabase, type LegacyDatabase } from '../api/get-legacy-database.ts';
import { CopyableText } from '@/components/copyable-text.tsx';
import { NameWithState, ResourcePageLoading } from '@/components/resource-page-parts.tsx';

function databaseFacts(database: LegacyDatabase) {
  const { nodeType, version } = database;
  const { price, specifications } = nodeType;
  return [
    { term: 'State', value: <StateChip state={database.state} /> },
    { term: 'Version', value: `${version.name} (${version.type}, ${version.key})` },
    { term: 'Node type', value: `${nodeType.name} (${nodeType.key})` },
    ...(nodeType.description ? [{ term: 'Description', value: nodeType.description }] : []),
    { term: 'Nodes', value: nodeType.numberOfNodes },
    {
      term: 'Size per node',
      value: `${specifications.cpu} vCPU · ${specifications.ram} GB memory · ${specifications.storage} GB storage`,
    },
    {
      term: 'Price',
      value:
        price.amount == null || !price.currency
          ? '—'
          : formatMonthlyPrice({ amountCents: price.amount, currency: price.currency }),
    },
    { term: 'Location', value: database.location.name },
    { term: 'Created', value: formatDateTime(database.createdAt) },
    ...(database.deletedAt ? [{ term: 'Deleted', value: formatDateTime(database.deletedAt) }] : []),
  ];
}

function connectionFacts(database: LegacyDatabase) {
  return [
    { term: 'Host', value: <CopyableText text={database.hostname} label="Copy host" /> },
    { term: 'User name', value: <CopyableText text={database.username} label="Copy user name" /> },
    {
      term: 'Connection string',
      value: <CopyableText text={database.connectionString} label="Copy connection string" code />,
    },
    {
      term: 'Allowed IP addresses',
      value: database.whitelist.length ? database.whitelist.join(', ') : 'None listed',
    },
  ];
}

/** A legacy (single-node) cloud database, addressed by its numeric id: everything the platform says of it. */
export function LegacyDatabasePage({ id }: { id: string }) {
  const query = useLegacyDatabase(id);
  useNamePage(query.data?.name);
  if (query.isError)
    return <LoadError title="This cloud database could not be loaded" onRetry={query.refetch} />;
  if (query.data === undefined) {
    return <ResourcePageLoading label="Loading cloud database" />;
  }
  const database = query.data;
  if (database === null) {
    return (
      <MessagePage
        icon={mdiMagnify}
        title="Cloud database not found"
        action={
          <ButtonLink to="/storage/databases" variant="contained">
            Back to cloud databases
          </ButtonLink>
        }
      >
        There is no cloud database with id {id}. It may have been deleted.
      </MessagePage>
    );
  }
  return (
    <>
      <PageHeader
        title={<NameWithState name={database.name} state={database.state} />}
        subtitle="Cloud database of the earlier, single-node offer"
      />
      <Stack spacing={3}>
        <Section title="Details">
          <FactsList facts={databaseFacts(database)} />
        </Section>
        <Section
          title="Connection"
          description="The connection string has no password: use the one chosen when the database was created."
        >
          <FactsList facts={connectionFacts(database)} />
        </Section>
      </Stack>
    </>
  );
}
