import { lazy, Suspense, useRef, useState } from 'react';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import Typography from '@mui/material/Typography';
import { mdiKeyVariant } from '@mdi/js';
import { EmptyState } from '@/components/empty-state.tsx';
import { LazyDialogButton } from '@/components/lazy-dialog-button.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { ResourceTable } from '@/components/resource-table.tsx';
import { Section } from '@/components/section.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useNow } from '@/lib/use-now.ts';
import { useApiKeys, type ApiKey } from '../api/api-keys.ts';
import { apiKeyColumns } from './api-key-columns.tsx';
import { preloadRevokeDialog, RevokeApiKeyDialog } from './revoke-api-key-dialog.tsx';

// The create dialog's code (the form, its checks) comes with the first press, or pointing at the button.
const loadCreateDialog = () => import('./create-api-key-dialog.tsx');
const CreateApiKeyDialog = lazy(() =>
  loadCreateDialog().then((module) => ({ default: module.CreateApiKeyDialog })),
);
const preloadCreate = () => void loadCreateDialog().catch(() => undefined);

/**
 * The account's API keys: name and client ID, access, expiry and last use, each revocable; making one shows its
 * secret once. Null keys: an external identity provider keeps them (its service accounts).
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const now = useNow();
  const [revoking, setRevoking] = useState<{ key: ApiKey; open: boolean } | null>(null);
  // Where the focus goes once revoking took away the button that asked for it.
  const createButton = useRef<HTMLDivElement>(null);
  const revoked = () => {
    if (!revoking) return;
    setRevoking({ ...revoking, open: false });
    showSnackbar(`API key ${revoking.key.name} revoked`, 'success');
    // After the dialog gave the focus back to its trigger, which is gone.
    requestAnimationFrame(() => createButton.current?.querySelector('button')?.focus());
  };

  return (
    <Section
      title="API keys"
      description="Scripts and tools sign in with a key’s client ID and secret (see API access below). A key acts as you, with read-only or full access, until it expires or is revoked."
    >
      {keys.isError ? (
        <LoadError title="Your API keys could not be loaded" onRetry={keys.refetch} />
      ) : keys.isPending ? (
        <LoadingBlock label="Loading your API keys" height={160} />
      ) : keys.data === null ? (
        <Typography>
          Your organisation’s identity provider keeps your sign-in: ask it for a service account instead.
        </Typography>
      ) : (
        <>
          {/* Always in one place: the dialog it holds (and the new secret in it) stays while the list changes. */}
          <div ref={createButton}>
            <LazyDialogButton
              label="Create API key"
              busy={false}
              preload={preloadCreate}
              dialog={(open, close) => <CreateApiKeyDialog open={open} onClose={close} />}
            />
          </div>
          <ResourceTable
            label="API keys"
            columns={apiKeyColumns(now, (key) => setRevoking({ key, open: true }), preloadRevokeDialog)}
            rows={keys.data}
            rowKey={(key) => key.id}
            empty={
              <EmptyState
                icon={mdiKeyVariant}
                title="No API keys yet"
                description="Make a key for each script or tool that calls the API, so that each can be revoked alone."
              />
            }
          />
        </>
      )}
      {revoking && (
        <Suspense>
          <RevokeApiKeyDialog
            apiKey={revoking.key}
            open={revoking.open}
            onRevoked={revoked}
            onClose={() => setRevoking({ ...revoking, open: false })}
          />
        </Suspense>
      )}
    </Section>
  );
}
