import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '@/features/billing/screens/billing-page.tsx';

export const Route = createFileRoute('/account/billing/')({
  staticData: { title: 'Billing' },
  component: BillingPage,
});
