import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '../../../features/audit/screens/audit-log-page.tsx';

export const Route = createFileRoute('/account/audit-log')({
  staticData: { title: 'Audit log' },
  component: AuditLogPage,
});
