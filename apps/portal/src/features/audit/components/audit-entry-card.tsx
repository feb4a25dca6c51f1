import { useId } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '../api/get-audit-log.ts';
import { ChangeDiff } from '@/components/change-diff.tsx';
import { RelativeTime } from '@/components/relative-time.tsx';
import { diffLines } from '@/components/change-lines.ts';
import { author, EVENTS, resourceName, resourceNamespace, resourceType } from './audit-format.ts';

/** One change: who did what to which resource and when, then its change set as a diff. */
export function AuditEntryCard({ entry, now }: { entry: AuditEntry; now: Date }) {
  const namespace = resourceNamespace(entry);
  const name = resourceName(entry);
  const headingId = useId();
  return (
    <Paper component="li" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ justifyContent: 'space-between', mb: 1 }}
      >
        <Typography id={headingId} component="h2" variant="body1" sx={{ overflowWrap: 'anywhere' }}>
          <strong>{author(entry)}</strong> {EVENTS[entry.eventType] ?? entry.eventType}{' '}
          {resourceType(entry.modelName).toLowerCase()} <strong>{name}</strong>
          {namespace && namespace !== name && <> in namespace {namespace}</>}
        </Typography>
        <RelativeTime at={entry.occurredAt} now={now} />
      </Stack>
      <ChangeDiff lines={diffLines(entry.changeSet)} />
    </Paper>
  );
}
