import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { mdiClose, mdiPlus } from '@mdi/js';
import { identifierInputProps } from '@/components/form/form-text-field.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { Tooltip } from '@/components/tooltip.tsx';
import type { AllowListInput } from '@/gql/graphql.ts';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import type { QueueAddress } from '../api/get-queue.ts';
import { useChangeQueueAllowlist } from '../api/modify-queue.ts';
import { newEntryProblem } from './allowlist-rules.ts';

/** The changes not saved yet, against the allowlist the platform has. */
interface Draft {
  added: string[];
  removed: string[];
}

const noChanges: Draft = { added: [], removed: [] };

/**
 * Who may connect to the queue: its allowlist, edited here (entries added and removed) and saved as one patch
 * of what changed (PRESENT adds, ABSENT removes). The draft is kept against what the platform has, so the
 * list follows it while nothing is being edited. Nothing can be saved while the queue is being changed.
 */
export function QueueAllowlist({
  address,
  allowList,
  locked,
}: {
  address: QueueAddress;
  allowList: readonly string[];
  locked: boolean;
}) {
  const [draft, setDraft] = useState<Draft>(noChanges);
  const [entry, setEntry] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeQueueAllowlist(address);
  const inputId = useId();

  const shown = [
    ...allowList.filter((ip) => !draft.removed.includes(ip)),
    ...draft.added.filter((ip) => !allowList.includes(ip)),
  ];
  const patch: AllowListInput[] = [
    ...draft.added.filter((ip) => !allowList.includes(ip)).map((ip) => ({ ip, state: 'PRESENT' as const })),
    ...draft.removed.filter((ip) => allowList.includes(ip)).map((ip) => ({ ip, state: 'ABSENT' as const })),
  ];
  const changed = patch.length > 0;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const ip = entry.trim();
    const found = newEntryProblem(ip, shown);
    setProblem(found);
    if (found) return;
    setDraft((current) =>
      current.removed.includes(ip)
        ? { ...current, removed: current.removed.filter((removed) => removed !== ip) }
        : { ...current, added: [...current.added, ip] },
    );
    setEntry('');
    change.reset();
  };
  const remove = (ip: string) => {
    setDraft((current) =>
      current.added.includes(ip)
        ? { ...current, added: current.added.filter((added) => added !== ip) }
        : { ...current, removed: [...current.removed, ip] },
    );
    change.reset();
  };
  const save = () =>
    change.mutate(patch, {
      onSuccess: () => {
        setDraft(noChanges);
        showSnackbar('The allowlist is being changed', 'success');
      },
    });
  const discard = () => {
    setDraft(noChanges);
    setProblem(null);
    change.reset();
  };

  return (
    <>
      {shown.length === 0 ? (
        <Typography color="text.secondary">No entries: every address may connect.</Typography>
      ) : (
        <Stack component="ul" aria-label="Allowed addresses" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((ip) => {
            const unsaved = !allowList.includes(ip);
            return (
              <Stack
                component="li"
                key={ip}
                direction="row"
                spacing={1}
                sx={{
                  alignItems: 'center',
                  py: 0.5,
                  minWidth: 0,
                  '& + &': { borderTop: 1, borderColor: 'divider' },
                }}
              >
                <Box component="code" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {ip}
                </Box>
                {unsaved && (
                  <Typography variant="caption" color="text.secondary">
                    not saved
                  </Typography>
                )}
                <Tooltip title={`Remove ${ip}`}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Remove ${ip}`}
                      disabled={change.isPending}
                      onClick={() => remove(ip)}
                    >
                      <MdiIcon path={mdiClose} />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            );
          })}
        </Stack>
      )}
      <Stack
        component="form"
        noValidate
        onSubmit={add}
        aria-label="Add to the allowlist"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          id={inputId}
          size="small"
          label="IP address or CIDR range"
          placeholder="203.0.113.0/24"
          value={entry}
          onChange={(event) => {
            setEntry(event.target.value);
            if (problem) setProblem(newEntryProblem(event.target.value.trim(), shown));
          }}
          error={problem !== null}
          helperText={problem ?? 'Such as 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32.'}
          autoComplete="off"
          slotProps={identifierInputProps}
          sx={{ flexGrow: 1, maxWidth: { sm: 360 } }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<MdiIcon path={mdiPlus} />}
          sx={{ mt: { sm: 0.25 } }}
        >
          Add
        </Button>
      </Stack>
      {changed && shown.length === 0 && (
        <Alert severity="warning" variant="outlined">
          Saved without entries, the allowlist lets every address connect.
        </Alert>
      )}
      {change.error instanceof GraphQLRequestError && <Alert severity="error">{change.error.message}</Alert>}
      {locked && (
        <Typography variant="body2" color="text.secondary" role="status">
          A change is being applied to this queue. You can save once it is done.
        </Typography>
      )}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" disabled={!changed || change.isPending} onClick={discard}>
          Discard changes
        </Button>
        <Button variant="contained" disabled={!changed || locked || change.isPending} onClick={save}>
          {change.isPending ? 'Saving…' : 'Save allowlist'}
        </Button>
      </Stack>
    </>
  );
}
