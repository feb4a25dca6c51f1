import { useWatch } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import {
  externalConnectionCreateInput,
  showConnectionRefusal,
} from '@/components/external-access/external-access-values.ts';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { usePlanCheckout } from '@/components/planned-resource/use-plan-checkout.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useCreateCluster } from '../api/create-cluster.ts';
import type { ClusterOffer } from '../api/get-cluster-offer.ts';
import { clusterLink } from './cluster-columns.tsx';
import {
  clusterAccessTarget,
  clusterCreateSchema,
  clusterFieldsOfInput,
  defaultClusterExtras,
  toCreateInput,
  type ClusterCreateValues,
} from './cluster-create-schema.ts';
import { enginesOf } from './cluster-offer.ts';

// What the create form of a database cluster does, apart from showing its fields: its values and their
// checks, the engine's versions and the plan chosen, and sending: the cluster created, its checkout or its
// page next, or the platform's refusal on the fields it names.

function initialValues(offer: ClusterOffer, requestedNamespace: string | undefined): ClusterCreateValues {
  const names = offer.namespaces.map((namespace) => namespace.name);
  const [engine] = enginesOf(offer.versions);
  return {
    namespace:
      requestedNamespace && names.includes(requestedNamespace)
        ? requestedNamespace
        : names.length === 1
          ? (names[0] ?? '')
          : '',
    name: '',
    engine: engine?.type ?? '',
    version: engine?.versions[0]?.version ?? '',
    plan: '',
    databaseName: 'app',
    userName: 'app_user',
    payNow: true,
    ...defaultClusterExtras,
  };
}

export function useCreateClusterForm(offer: ClusterOffer, requestedNamespace: string | undefined) {
  const navigate = useNavigate();
  const createCluster = useCreateCluster();
  const { open: openCheckout, leaving } = usePlanCheckout('cluster');
  const { control, handleSubmit, setError, getValues, setValue } = useZodForm(
    clusterCreateSchema,
    initialValues(offer, requestedNamespace),
  );
  // External access's refusals on its section, the rest on the fields they name.
  const refused = useServerRefusal({
    fieldsOfInput: clusterFieldsOfInput,
    setError,
    namespaceField: 'namespace',
    placeFirst: (error) => showConnectionRefusal(error, getValues(), setError),
  });
  const [engine, planId, payNow] = useWatch({ control, name: ['engine', 'plan', 'payNow'] });
  const engines = enginesOf(offer.versions);

  const submit = async (values: ClusterCreateValues) => {
    const externalConnection = await externalConnectionCreateInput(
      values.externalAccess,
      clusterAccessTarget(values.engine),
    );
    const created = await createCluster.mutateAsync(toCreateInput(values, externalConnection));
    showSnackbar(`Your database cluster '${created.name}' is being created! 🚀`, 'success');
    const clusterPage = () => void navigate(clusterLink(created));
    if (values.payNow) {
      // The cluster exists either way: its page, once the failure has been said.
      openCheckout(created, { onError: clusterPage });
    } else {
      clusterPage();
    }
  };

  return {
    control,
    onSubmit: handleSubmit(refused.sending(submit), revealFirstInvalid),
    engine,
    engines,
    /** The chosen engine's versions, newest first. */
    versions: engines.find((candidate) => candidate.type === engine)?.versions ?? [],
    /** Choose an engine, and its newest version with it. */
    chooseEngine: (type: string) => {
      const chosen = engines.find((candidate) => candidate.type === type);
      setValue('engine', type);
      setValue('version', chosen?.versions[0]?.version ?? '', { shouldValidate: true });
    },
    plan: offer.plans.find((candidate) => candidate.id === planId),
    payNow,
    /** What the platform refused that names no field. */
    refusal: refused.refusal,
    pending: createCluster.isPending || leaving,
    leaving,
    cancel: () => void navigate({ to: '/storage/databases' }),
  };
}
