import { useId } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '../api/get-audit-log.ts';
import { ChangeDiff, srOnly } from '../../../components/change-diff.tsx';
import { diffLines } from '../../../components/change-lines.ts';
import { formatExact, formatRelative } from '../../../lib/relative-time.ts';
import { author, EVENTS, resourceName, resourceNamespace, resourceType } from './audit-format.ts';

/** One change: who did what to which resource and when, then its change set as a diff. */
export function AuditEntryCard({ entry, now }: { entry: AuditEntry; now: Date }) {
  const when = new Date(entry.occurredAt);
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
        <Typography
          component="time"
          variant="body2"
          color="text.secondary"
          dateTime={entry.occurredAt}
          title={formatExact(when)}
          sx={{ flexShrink: 0 }}
        >
          {formatRelative(when, now)}
          <span style={srOnly}>, {formatExact(when)}</span>
        </Typography>
      </Stack>
      <ChangeDiff lines={diffLines(entry.changeSet)} />
    </Paper>
  );
}
