import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  staticData: { title: null },
  beforeLoad: () => {
    throw redirect({ to: '/welcome', replace: true });
  },
});
