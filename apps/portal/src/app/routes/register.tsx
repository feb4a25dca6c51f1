import { createFileRoute, redirect } from '@tanstack/react-router';

// Only a signed-in customer reaches the router: the session starts registration for everyone else before
// the portal renders (lib/auth/session.ts).
export const Route = createFileRoute('/register')({
  staticData: { title: 'Register' },
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
