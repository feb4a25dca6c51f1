import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Control, FieldValues } from 'react-hook-form';
import { FormErrorSummary } from './form-error-summary.tsx';
import { FormRefusal } from './form-refusal.tsx';
import { OnDemandAlert } from '../on-demand-alert.tsx';

/** Cancel and the submit button, at the end of a form: side by side, stacked with submit on top on a phone. */
export function FormButtons({
  submitLabel,
  pendingLabel,
  pending,
  refusal = [],
  disabled = false,
  onCancel,
}: {
  submitLabel: string;
  /** The submit button's text while the request is under way. */
  pendingLabel: string;
  pending: boolean;
  /** What the platform refused that names no field (useServerRefusal), said above the buttons. */
  refusal?: readonly string[];
  /** Submitting is not possible yet, for a reason said elsewhere. */
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <FormRefusal messages={refusal} />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending || disabled}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </Stack>
    </>
  );
}

/**
 * The end of a form: how many fields need attention, what the platform refused that names no field, why saving
 * waits (if it does), Cancel, and the submit button.
 */
export function FormActions<TValues extends FieldValues>({
  control,
  submitLabel,
  pendingLabel,
  pending,
  refusal = [],
  unchanged,
  blockedReason,
  onCancel,
}: {
  control: Control<TValues>;
  submitLabel: string;
  /** The submit button's text while the request is under way. */
  pendingLabel: string;
  pending: boolean;
  /** What the platform refused that names no field (useServerRefusal). */
  refusal?: readonly string[];
  /** Nothing to save yet (configuring, before a change). */
  unchanged: boolean;
  /** Why saving is not possible right now (such as a change still being applied). */
  blockedReason?: string | null;
  onCancel: () => void;
}) {
  return (
    <>
      <FormErrorSummary control={control} />
      {blockedReason && <OnDemandAlert severity="info">{blockedReason}</OnDemandAlert>}
      <FormButtons
        refusal={refusal}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        disabled={unchanged || Boolean(blockedReason)}
        onCancel={onCancel}
      />
    </>
  );
}
