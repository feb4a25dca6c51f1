import { createFileRoute } from '@tanstack/react-router';

// The list (index.tsx), the create page and the details of a cluster or a legacy database sit below it;
// every page below the list starts its breadcrumb trail here.
export const Route = createFileRoute('/storage/databases')({
  staticData: { title: null, breadcrumbs: [{ label: 'Cloud databases' }] },
});
