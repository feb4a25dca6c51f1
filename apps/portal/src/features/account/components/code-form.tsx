import { useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { CodeField, codeSchema } from './code-field.tsx';
import { showRefusal } from './refusal.ts';
import { SignInForm } from './sign-in-form.tsx';

const codeFormSchema = z.object({ code: codeSchema });
type CodeFormValues = z.infer<typeof codeFormSchema>;

const refusedFields = ['code'] as const;

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
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useZodForm(codeFormSchema, { code: '' });
  const submit = ({ code }: CodeFormValues, event?: BaseSyntheticEvent) => {
    setRefusal(null);
    change.mutate(code, {
      onSuccess: onDone,
      onError: (error) => setRefusal(showRefusal(error, refusedFields, setError, event)),
    });
  };
  return (
    <SignInForm
      title={title}
      description={description}
      submitLabel={submitLabel}
      danger={danger}
      pending={change.isPending}
      refusal={refusal}
      onSubmit={handleSubmit(submit, revealFirstInvalid)}
      onClose={onClose}
    >
      <CodeField control={control} name="code" autoFocus />
    </SignInForm>
  );
}
