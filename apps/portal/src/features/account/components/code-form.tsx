import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { CodeField, codeSchema } from './code-field.tsx';
import { SignInForm } from './sign-in-form.tsx';

const codeFormSchema = z.object({ code: codeSchema });
type CodeFormValues = z.infer<typeof codeFormSchema>;

/** The input fields the platform may refuse, each on the field of the same name. */
const refusedFields = { code: 'code' } as const;

/**
 * Asks for a code from the authenticator app or a recovery code, then makes `change` with it; a wrong or
 * spent code is said at the field, which keeps what was typed.
 */
export function CodeForm<TResult>({
  title,
  description,
  submitLabel,
  danger,
  change,
  onDone,
  onClose,
}: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  danger?: boolean;
  change: UseMutationResult<TResult, Error, string>;
  onDone: (result: TResult) => void;
  onClose: () => void;
}) {
  const { control, handleSubmit, setError } = useZodForm(codeFormSchema, { code: '' });
  const refused = useServerRefusal({ fieldsOfInput: refusedFields, setError });
  const submit = async ({ code }: CodeFormValues) => {
    onDone(await change.mutateAsync(code));
  };
  return (
    <SignInForm
      title={title}
      description={description}
      submitLabel={submitLabel}
      danger={danger}
      pending={change.isPending}
      refusal={refused.refusal}
      onSubmit={handleSubmit(refused.sending(submit), revealFirstInvalid)}
      onClose={onClose}
    >
      <CodeField control={control} name="code" autoFocus />
    </SignInForm>
  );
}
