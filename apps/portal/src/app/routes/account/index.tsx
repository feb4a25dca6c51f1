import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@/features/account/screens/account-page.tsx';

export const Route = createFileRoute('/account/')({
  staticData: { title: 'Account' },
  component: AccountPage,
});
