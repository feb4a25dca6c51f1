import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { apiKeyExpiry, API_KEY_LIFETIME_CHOICES } from '@berth/rules';
import { FormDialog } from '@/components/form-dialog.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useCreateApiKey } from '../api/api-key-changes.ts';
import { apiKeySchema, emptyApiKey, lifetimeLabels, type ApiKeyValues } from './api-key-schema.ts';
import { ApiKeyScopeField } from './api-key-scope-field.tsx';
import { NewApiKey } from './new-api-key.tsx';
import { SignInForm } from './sign-in-form.tsx';

/** The input fields the platform may refuse, each on the field of the same name. */
const refusedFields = { name: 'name' } as const;

type Created = Parameters<typeof NewApiKey>[0]['created'];

/** A name, an access and a lifetime; then the new key's secret, shown this once. */
export function CreateApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<Created | null>(null);
  const close = () => {
    // The secret is not kept once the dialog is closed, in the mutation's state either.
    create.reset();
    setCreated(null);
    onClose();
  };
  return (
    <FormDialog open={open} pending={create.isPending} dismissible={!created} onClose={close}>
      {created ? (
        <NewApiKey created={created} onClose={close} />
      ) : (
        <ApiKeyForm create={create} onCreated={setCreated} onClose={close} />
      )}
    </FormDialog>
  );
}

function ApiKeyForm({
  create,
  onCreated,
  onClose,
}: {
  create: ReturnType<typeof useCreateApiKey>;
  onCreated: (created: Created) => void;
  onClose: () => void;
}) {
  const { control, handleSubmit, setError } = useZodForm<ApiKeyValues>(apiKeySchema, emptyApiKey);
  const refused = useServerRefusal({ fieldsOfInput: refusedFields, setError });
  const lifetime = useWatch({ control, name: 'lifetime' });
  const submit = async ({ name, scope, lifetime }: ApiKeyValues) => {
    const expiresAt = apiKeyExpiry(Number(lifetime), new Date()).toISOString();
    // The expiry is chosen from the platform's own choices: a refusal of it is said in the dialog.
    onCreated(await create.mutateAsync({ name: name.trim(), scope, expiresAt }));
  };
  return (
    <SignInForm
      title="Create API key"
      description="A key signs scripts and tools in as you, with the access you give it, until it expires or you revoke it."
      submitLabel="Create key"
      pending={create.isPending}
      refusal={refused.refusal}
      onSubmit={handleSubmit(refused.sending(submit), revealFirstInvalid)}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        helperText="What uses it, such as “deploys from CI”."
      />
      <ApiKeyScopeField control={control} />
      <FormTextField
        control={control}
        name="lifetime"
        label="Expires after"
        select
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        helperText={`On ${formatDateTime(apiKeyExpiry(Number(lifetime), new Date()))}.`}
      >
        {API_KEY_LIFETIME_CHOICES.map((days) => (
          <option key={days} value={String(days)}>
            {lifetimeLabels[`${days}`]}
          </option>
        ))}
      </FormTextField>
    </SignInForm>
  );
}
