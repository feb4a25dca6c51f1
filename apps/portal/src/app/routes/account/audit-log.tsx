import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '@/features/audit/screens/audit-log-page.tsx';
import { featureFlags } from '@/lib/flags.ts';

export const Route = createFileRoute('/account/audit-log')({
  staticData: { title: 'Audit log', featureFlag: featureFlags.auditLog },
  component: AuditLogPage,
});
