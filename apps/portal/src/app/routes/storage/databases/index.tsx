import { createFileRoute } from '@tanstack/react-router';
import { DatabasesPage } from '@/features/databases/screens/databases-page.tsx';

export const Route = createFileRoute('/storage/databases/')({
  staticData: { title: 'Cloud Database(s)' },
  component: DatabasesPage,
});
