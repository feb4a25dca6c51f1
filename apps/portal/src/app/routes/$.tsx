import { createFileRoute, redirect } from '@tanstack/react-router';

// Anything no other route claims.
export const Route = createFileRoute('/$')({
  staticData: { title: 'Not found' },
  beforeLoad: () => {
    throw redirect({ to: '/not-found', replace: true });
  },
});
