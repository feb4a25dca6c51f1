import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/storage/')({
  staticData: { title: null },
  beforeLoad: () => {
    throw redirect({ to: '/storage/databases', replace: true });
  },
});
