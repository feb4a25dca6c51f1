import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from './tooltip.tsx';
import { mdiDeleteOutline } from '@mdi/js';
import { useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { GraphQLRequestError } from '../lib/graphql/errors.ts';
import type { ConfirmationContent } from './confirm-dialog.tsx';
import { MdiIcon } from './mdi-icon.tsx';
import { showSnackbar } from './snackbar/snackbar-store.ts';

type ConfirmDialogModule = typeof import('./confirm-dialog.tsx');

// The confirmation dialog's code (MUI's dialog, checkbox, progress, the typed-name field) is fetched the
// first time a delete button is pointed at or pressed, once for every button: screens that show delete
// buttons do not carry it.
let dialogModule: Promise<ConfirmDialogModule> | undefined;
let loadedDialog: ConfirmDialogModule | undefined;

function loadConfirmDialog(): Promise<ConfirmDialogModule> {
  dialogModule ??= import('./confirm-dialog.tsx').then(
    (module) => (loadedDialog = module),
    (error: unknown) => {
      // The next press tries again (the network may be back).
      dialogModule = undefined;
      throw error;
    },
  );
  return dialogModule;
}

const preload = () => void loadConfirmDialog().catch(() => undefined);

interface DeleteActionProps<TVariables> extends ConfirmationContent {
  /** What is deleted, as customers call it: `registry`, `volume`, ... */
  kind: string;
  name: string;
  mutation: UseMutationResult<unknown, Error, TVariables>;
  variables: TVariables;
  successMessage: string;
  disabled: boolean;
  /** A compact icon in a table row, or a labelled button in a page header. */
  trigger: 'icon' | 'button';
  /** The confirm button's label; `Delete {kind}` unless said otherwise. */
  confirmLabel?: string;
  /** Ask for the name to be typed, for what cannot be undone. */
  typeToConfirm?: boolean;
  /**
   * Keep the dialog open with the platform's reason when deleting is refused (a resource still in use);
   * otherwise the dialog closes and the snack bar reports the failure.
   */
  errorsInDialog?: boolean;
  /** The dialog opens or closes: load what it shows only while it is open, forget choices made in it. */
  onOpenChange?: (open: boolean) => void;
  /** Refreshed as the dialog opens, for what it shows from a list that may be old (what uses a volume). */
  refreshOnOpen?: QueryKey;
  /** After success, e.g. leave the page of what was deleted. */
  onDeleted?: () => void;
}

/** The one way to delete something: a trigger, a confirmation, the request, and its outcome. */
export function DeleteAction<TVariables>(props: DeleteActionProps<TVariables>) {
  const { kind, name, mutation, disabled, onOpenChange, refreshOnOpen } = props;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [dialog, setDialog] = useState(loadedDialog);
  // Pressed, and the dialog's code is still on its way.
  const opening = confirming && !dialog;

  const open = () => {
    if (confirming) return;
    setConfirming(true);
    onOpenChange?.(true);
    if (refreshOnOpen) void queryClient.invalidateQueries({ queryKey: refreshOnOpen });
    if (dialog) return;
    loadConfirmDialog().then(setDialog, () => {
      setConfirming(false);
      onOpenChange?.(false);
      showSnackbar('The confirmation could not be opened. Check your connection and try again.', 'warning');
    });
  };
  const close = () => {
    setConfirming(false);
    onOpenChange?.(false);
    mutation.reset();
  };
  const confirm = () =>
    mutation.mutate(props.variables, {
      onSuccess: () => {
        close();
        showSnackbar(props.successMessage, 'success');
        props.onDeleted?.();
      },
      onError: props.errorsInDialog ? undefined : close,
    });
  const error =
    props.errorsInDialog && mutation.error instanceof GraphQLRequestError ? mutation.error.message : null;
  const label = `Delete ${kind} ${name}`;
  // While the dialog loads the trigger stays focusable (disabling it would drop the focus, which the dialog
  // gives back to it on closing) and says it is busy.
  const triggerProps = {
    disabled,
    onClick: open,
    onPointerEnter: preload,
    onFocus: preload,
    'aria-busy': opening || undefined,
  };
  const Dialog = dialog?.ConfirmDialog;

  return (
    <>
      {props.trigger === 'icon' ? (
        <Tooltip title={label}>
          <span>
            <IconButton size="small" aria-label={label} {...triggerProps}>
              {opening ? (
                <CircularProgress size={20} color="inherit" aria-hidden />
              ) : (
                <MdiIcon path={mdiDeleteOutline} />
              )}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          color="error"
          // A page header stretches its action across a phone: Delete keeps its own size there, never the
          // widest button of the page.
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          startIcon={
            opening ? (
              <CircularProgress size={18} color="inherit" aria-hidden />
            ) : (
              <MdiIcon path={mdiDeleteOutline} />
            )
          }
          {...triggerProps}
        >
          Delete
        </Button>
      )}
      {Dialog && (
        <Dialog
          open={confirming}
          title={`${label}?`}
          description={props.description}
          resources={props.resources}
          loading={props.loading}
          option={props.option}
          blocker={props.blocker}
          confirmLabel={props.confirmLabel ?? `Delete ${kind}`}
          typeToConfirm={props.typeToConfirm ? name : undefined}
          pending={mutation.isPending}
          error={error}
          onConfirm={confirm}
          onClose={close}
        />
      )}
    </>
  );
}
