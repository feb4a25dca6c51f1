import { createFileRoute } from '@tanstack/react-router';
import { NotAllowedPage } from '../pages/not-allowed-page.tsx';

export const Route = createFileRoute('/not-allowed')({
  staticData: { title: 'Not allowed' },
  component: NotAllowedPage,
});
