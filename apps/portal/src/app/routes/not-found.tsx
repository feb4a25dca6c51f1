import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../pages/not-found-page.tsx';

export const Route = createFileRoute('/not-found')({
  staticData: { title: 'Not found' },
  component: NotFoundPage,
});
