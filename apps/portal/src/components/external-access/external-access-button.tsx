import { lazy } from 'react';
import { LazyDialogButton } from '../lazy-dialog-button.tsx';
import type { ExternalAccessDialogProps } from './external-access-dialog.tsx';

// The button of a cluster's or queue's page that adds or changes its external access: the dialog's code (the
// section's fields and rules) comes with the first press, or with pointing at or focusing the button.

const loadDialog = () => import('./external-access-dialog.tsx');
const ExternalAccessDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.ExternalAccessDialog })),
);
const preload = () => void loadDialog().catch(() => undefined);

export function ExternalAccessButton(props: Omit<ExternalAccessDialogProps, 'open' | 'onClose'>) {
  return (
    <LazyDialogButton
      label={props.connection ? 'Change external access' : 'Add external access'}
      busy={props.change.isPending}
      preload={preload}
      onOpen={() => props.change.reset()}
      dialog={(open, close) => <ExternalAccessDialog open={open} onClose={close} {...props} />}
    />
  );
}
