import { LoadingBlock } from '../../../components/loading-block.tsx';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/load-error.tsx';
import { Section } from '@/components/section.tsx';
import { invoicesQueryOptions } from '../api/get-invoices.ts';
import { InvoiceTable } from '../components/invoice-table.tsx';

export function InvoicesSection() {
  const invoices = useQuery(invoicesQueryOptions);
  return (
    <Section title="Invoices">
      {invoices.isError ? (
        <LoadError title="Invoices could not be loaded" onRetry={invoices.refetch} />
      ) : !invoices.data ? (
        <LoadingBlock label="Loading invoices" height={120} />
      ) : invoices.data.length === 0 ? (
        <Typography color="text.secondary">
          No invoices yet. Each payment of a subscription brings one.
        </Typography>
      ) : (
        <InvoiceTable invoices={invoices.data} />
      )}
    </Section>
  );
}
