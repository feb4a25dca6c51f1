import { createFileRoute } from '@tanstack/react-router';
import { InvoicePage } from '@/features/billing/screens/invoice-page.tsx';

export const Route = createFileRoute('/account/billing/invoices/$number')({
  staticData: { title: 'Invoice {number}', breadcrumbs: [{ label: 'Invoice {number}' }] },
  component: InvoicePage,
});
