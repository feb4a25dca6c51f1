import Chip from '@mui/material/Chip';
import type { InvoiceStatus } from '@/gql/billing/graphql.ts';

const statuses: Record<InvoiceStatus, { label: string; color: 'success' | 'warning' }> = {
  PAID: { label: 'paid', color: 'success' },
  OPEN: { label: 'payment due', color: 'warning' },
};

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const { label, color } = statuses[status];
  return <Chip size="small" variant="outlined" color={color} label={label} sx={{ fontWeight: 600 }} />;
}
