import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { mdiDeleteOutline } from '@mdi/js';
import type { UseMutationResult } from '@tanstack/react-query';
import { GraphQLRequestError } from '../lib/graphql/errors.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { MdiIcon } from './mdi-icon.tsx';
import { showSnackbar } from './snackbar/snackbar-store.ts';

interface DeleteActionProps<TVariables> {
  /** What is deleted, as customers call it: `registry`, `volume`, ... */
  kind: string;
  name: string;
  mutation: UseMutationResult<unknown, Error, TVariables>;
  variables: TVariables;
  description: ReactNode;
  successMessage: string;
  disabled: boolean;
  /** A compact icon in a table row, or a labelled button in a page header. */
  trigger: 'icon' | 'button';
  /** Ask for the name to be typed, for what cannot be undone. */
  typeToConfirm?: boolean;
  /**
   * Keep the dialog open with the platform's reason when deleting is refused (a resource still in use);
   * otherwise the dialog closes and the snack bar reports the failure.
   */
  errorsInDialog?: boolean;
  /** After success, e.g. leave the page of what was deleted. */
  onDeleted?: () => void;
}

/** The one way to delete something: a trigger, a confirmation, the request, and its outcome. */
export function DeleteAction<TVariables>(props: DeleteActionProps<TVariables>) {
  const { kind, name, mutation, disabled } = props;
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    mutation.reset();
  };
  const confirm = () =>
    mutation.mutate(props.variables, {
      onSuccess: () => {
        close();
        showSnackbar(props.successMessage, 'success');
        props.onDeleted?.();
      },
      onError: props.errorsInDialog ? undefined : () => setConfirming(false),
    });
  const error =
    props.errorsInDialog && mutation.error instanceof GraphQLRequestError ? mutation.error.message : null;
  const label = `Delete ${kind} ${name}`;

  return (
    <>
      {props.trigger === 'icon' ? (
        <Tooltip title={label}>
          <span>
            <IconButton
              size="small"
              aria-label={label}
              disabled={disabled}
              onClick={() => setConfirming(true)}
            >
              <MdiIcon path={mdiDeleteOutline} />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          color="error"
          disabled={disabled}
          startIcon={<MdiIcon path={mdiDeleteOutline} />}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`${label}?`}
        description={props.description}
        confirmLabel={`Delete ${kind}`}
        typeToConfirm={props.typeToConfirm ? name : undefined}
        pending={mutation.isPending}
        error={error}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
