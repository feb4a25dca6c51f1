import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogButtons, FormDialog } from './form-dialog.tsx';
import { identifierInputProps } from './form/form-text-field.tsx';
import { TextLink, type LinkTarget } from './router-links.tsx';

/** One resource named in a confirmation, with a link to where it is shown. */
export interface NamedResource {
  name: string;
  link: LinkTarget;
  /** Said after the name, such as `being deleted`. */
  note?: string;
}

/** Resources of one kind named in a confirmation: `2 containers: web, worker`. */
export interface ResourceGroup {
  /** The kind, singular and plural: `container`, `containers`. */
  one: string;
  many: string;
  /** Where all of them are listed; the count links there. */
  link?: LinkTarget;
  items: readonly NamedResource[];
}

/** What a confirmation says and asks, beyond its title. */
export interface ConfirmationContent {
  description: ReactNode;
  /** What the customer should know of before confirming (what a namespace holds, what uses a volume). */
  resources?: readonly ResourceGroup[];
  /** Still finding out what to list: a progress bar, and nothing is asked yet. */
  loading?: boolean;
  /** A choice the confirmation depends on, such as deleting a namespace's contents with it. */
  option?: { label: string; detail?: string; checked: boolean; onChange: (checked: boolean) => void };
  /**
   * Why it cannot be confirmed as things stand, shown instead of the question. Without an option that can
   * change that, the dialog offers only a way to close it: no confirmation that would surely fail.
   */
  blocker?: ReactNode;
}

export interface ConfirmDialogProps extends ConfirmationContent {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** The button that closes without acting; `Cancel` unless that would read like the action (`Keep subscription`). */
  dismissLabel?: string;
  /** When set, the customer must type exactly this text before the action is enabled. */
  typeToConfirm?: string;
  pending?: boolean;
  /** Why the last attempt failed, shown in the dialog (such as the platform naming what still uses a resource). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Names shown per kind; the rest are counted, and the kind's link shows them all. */
const namesShown = 8;

/**
 * The one confirmation step before anything destructive happens. Loaded on demand (delete-action.tsx), so
 * the screens with a delete button do not carry it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <FormDialog open={props.open} pending={props.pending} onClose={props.onClose}>
      <ConfirmForm {...props} />
    </FormDialog>
  );
}

function ConfirmForm({
  title,
  description,
  resources,
  loading,
  option,
  blocker,
  confirmLabel,
  dismissLabel = 'Cancel',
  typeToConfirm,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const asking = !loading && !blocker;
  const confirmed = asking && (typeToConfirm === undefined || typed === typeToConfirm);
  // Nothing in the dialog can lift the blocker: closing is all there is to do.
  const dead = Boolean(blocker) && !option;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !pending) onConfirm();
  };
  return (
    <form onSubmit={submit}>
      {/* DialogTitle names the dialog (MUI wires aria-labelledby). */}
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{description}</DialogContentText>
        {loading && <LinearProgress aria-label="Loading" sx={{ mt: 2 }} />}
        {resources && resources.length > 0 && <ResourceList groups={resources} onFollow={onClose} />}
        {option && !loading && (
          <Box sx={{ mt: 2 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={option.checked}
                  disabled={pending}
                  onChange={(event) => option.onChange(event.target.checked)}
                />
              }
              label={option.label}
            />
            {option.detail && (
              <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                {option.detail}
              </Typography>
            )}
          </Box>
        )}
        {blocker && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {blocker}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {asking && typeToConfirm !== undefined && (
          <TextField
            autoFocus
            margin="normal"
            label={`Type ${typeToConfirm} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            slotProps={identifierInputProps}
          />
        )}
      </DialogContent>
      <DialogButtons>
        {dead ? (
          <Button onClick={onClose} variant="contained" autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending} color="inherit">
              {dismissLabel}
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={!confirmed || pending}>
              {pending ? 'Working…' : confirmLabel}
            </Button>
          </>
        )}
      </DialogButtons>
    </form>
  );
}

/** `2 containers: web, worker`, per kind; following a link closes the dialog, whose page stays behind. */
function ResourceList({ groups, onFollow }: { groups: readonly ResourceGroup[]; onFollow: () => void }) {
  return (
    <Box component="ul" sx={{ my: 1.5, pl: 2.5, '& > li + li': { mt: 0.75 } }}>
      {groups.map((group) => {
        const count = `${group.items.length} ${group.items.length === 1 ? group.one : group.many}`;
        const hidden = group.items.length - namesShown;
        return (
          <Typography component="li" key={group.many} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {group.link ? (
              <TextLink {...group.link} onClick={onFollow} sx={{ fontWeight: 600 }}>
                {count}
              </TextLink>
            ) : (
              <Box component="span" sx={{ fontWeight: 600 }}>
                {count}
              </Box>
            )}
            {': '}
            {group.items.slice(0, namesShown).map((item, index) => (
              <Fragment key={item.name}>
                {index > 0 && ', '}
                <TextLink {...item.link} onClick={onFollow}>
                  {item.name}
                </TextLink>
                {item.note && ` (${item.note})`}
              </Fragment>
            ))}
            {hidden > 0 && ` and ${hidden} more`}
          </Typography>
        );
      })}
    </Box>
  );
}
