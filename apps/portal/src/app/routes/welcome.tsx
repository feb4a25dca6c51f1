import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '../pages/welcome-page.tsx';

export const Route = createFileRoute('/welcome')({
  staticData: { title: 'Welcome to the product' },
  component: WelcomePage,
});
