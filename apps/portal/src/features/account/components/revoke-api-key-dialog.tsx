import { lazy } from 'react';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { useRevokeApiKey } from '../api/api-key-changes.ts';
import type { ApiKey } from '../api/api-keys.ts';

// The confirmation's code comes with the first press, or pointing at a Revoke button.
const loadConfirmDialog = () => import('@/components/confirm-dialog.tsx');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })));
export const preloadRevokeDialog = () => void loadConfirmDialog().catch(() => undefined);

/** Asks before revoking `apiKey` (kept while the dialog fades out); the platform's refusal is said in it. */
export function RevokeApiKeyDialog({
  apiKey,
  open,
  onRevoked,
  onClose,
}: {
  apiKey: Pick<ApiKey, 'id' | 'name'>;
  open: boolean;
  onRevoked: () => void;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Revoke API key ${apiKey.name}?`}
      description="Scripts and tools using it are refused from now on, with the tokens they already have. This cannot be undone: make a new key to give access again."
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      error={revoke.error instanceof GraphQLRequestError ? revoke.error.message : null}
      onConfirm={() => revoke.mutate(apiKey.id, { onSuccess: onRevoked })}
      onClose={close}
    />
  );
}
