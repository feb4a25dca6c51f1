import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EVENTS, RESOURCE_TYPES } from './audit-format.ts';

export interface AuditFilterValues {
  /** A model name, or '' for every type. */
  resourceType: string;
  /** An event type, or '' for every event. */
  event: string;
  search: string;
}

const EVENT_LABELS: Record<string, string> = { ...EVENTS, reveal: 'revealed credentials' };

/** Resource type and event (asked of the server), and a search over what is on the page. */
export function AuditFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange: (values: AuditFilterValues) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <TextField
        select
        label="Resource type"
        value={values.resourceType}
        onChange={(event) => {
          onChange({ ...values, resourceType: event.target.value });
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 200 }}
      >
        <option value="">All types</option>
        {Object.entries(RESOURCE_TYPES).map(([model, label]) => (
          <option key={model} value={model}>
            {label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Event"
        value={values.event}
        onChange={(event) => {
          onChange({ ...values, event: event.target.value });
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 180 }}
      >
        <option value="">All events</option>
        {Object.entries(EVENT_LABELS).map(([event, label]) => (
          <option key={event} value={event}>
            {label[0]?.toUpperCase()}
            {label.slice(1)}
          </option>
        ))}
      </TextField>
      <TextField
        type="search"
        label="Search"
        placeholder="Name, person or field"
        value={values.search}
        onChange={(event) => {
          onChange({ ...values, search: event.target.value });
        }}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flexGrow: 1 }}
      />
    </Stack>
  );
}
