import { createFileRoute } from '@tanstack/react-router';

// The pages below the Billing page (an invoice) start their breadcrumb trail here.
export const Route = createFileRoute('/account/billing')({
  staticData: { title: null, breadcrumbs: [{ label: 'Billing' }] },
});
