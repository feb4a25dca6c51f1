import { useWatch } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import {
  externalConnectionCreateInput,
  showConnectionRefusal,
} from '@/components/external-access/external-access-values.ts';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { usePlanCheckout } from '@/components/planned-resource/use-plan-checkout.ts';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useCreateQueue } from '../api/create-queue.ts';
import type { QueueOffer } from '../api/get-queue-offer.ts';
import { queueLink } from './queue-columns.tsx';
import {
  defaultQueueExtras,
  queueAccessTarget,
  queueCreateSchema,
  queueFieldsOfInput,
  toCreateInput,
  type QueueCreateValues,
} from './queue-create-schema.ts';
import { versionsNewestFirst } from './queue-offer.ts';

// What the create form of a message queue does, apart from showing its fields: its values and their checks,
// the plan chosen, and sending: the queue created, its checkout or its page next, or the platform's refusal
// on the fields it names.

function initialValues(offer: QueueOffer, requestedNamespace: string | undefined): QueueCreateValues {
  const names = offer.namespaces.map((namespace) => namespace.name);
  return {
    namespace:
      requestedNamespace && names.includes(requestedNamespace)
        ? requestedNamespace
        : names.length === 1
          ? (names[0] ?? '')
          : '',
    name: '',
    version: versionsNewestFirst(offer.versions)[0]?.version ?? '',
    plan: '',
    allowlist: '',
    payNow: true,
    ...defaultQueueExtras,
  };
}

export function useCreateQueueForm(offer: QueueOffer, requestedNamespace: string | undefined) {
  const navigate = useNavigate();
  const createQueue = useCreateQueue();
  const { open: openCheckout, leaving } = usePlanCheckout('message-queue');
  const { control, handleSubmit, setError, getValues } = useZodForm(
    queueCreateSchema,
    initialValues(offer, requestedNamespace),
  );
  // External access's refusals on its section, the rest on the fields they name.
  const refused = useServerRefusal({
    fieldsOfInput: queueFieldsOfInput,
    setError,
    namespaceField: 'namespace',
    placeFirst: (error) => showConnectionRefusal(error, getValues(), setError),
  });
  const [planId, payNow] = useWatch({ control, name: ['plan', 'payNow'] });

  const submit = async (values: QueueCreateValues) => {
    const externalConnection = await externalConnectionCreateInput(values.externalAccess, queueAccessTarget);
    const created = await createQueue.mutateAsync(toCreateInput(values, offer.versions, externalConnection));
    showSnackbar(`Your message queue '${created.name}' is being created! 🚀`, 'success');
    const queuePage = () => void navigate(queueLink(created));
    if (values.payNow) {
      // The queue exists either way: its page, once the failure has been said.
      openCheckout(created, { onError: queuePage });
    } else {
      queuePage();
    }
  };

  return {
    control,
    onSubmit: handleSubmit(refused.sending(submit), revealFirstInvalid),
    /** The versions on offer, newest first. */
    versions: versionsNewestFirst(offer.versions),
    plan: offer.plans.find((candidate) => candidate.id === planId),
    payNow,
    /** What the platform refused that names no field. */
    refusal: refused.refusal,
    pending: createQueue.isPending || leaving,
    leaving,
    cancel: () => void navigate({ to: '/storage/message-queues' }),
  };
}
