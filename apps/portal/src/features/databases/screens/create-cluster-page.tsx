import { useState } from 'react';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { mdiShape } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { FieldRow } from '@/components/form/field-row.tsx';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormSwitch } from '@/components/form/form-switch.tsx';
import { FormTextField, identifierInputProps, resourceNameHint } from '@/components/form/form-text-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { LoadError } from '@/components/load-error.tsx';
import { OnDemandAlert } from '@/components/on-demand-alert.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { clusterOfferQueryOptions, type ClusterOffer } from '../api/get-cluster-offer.ts';
import { useCreateCluster } from '../api/create-cluster.ts';
import { useClusterCheckout } from '../components/cluster-checkout.ts';
import { clusterLink } from '../components/cluster-columns.tsx';
import {
  clusterCreateSchema,
  placeRefusal,
  toCreateInput,
  type ClusterCreateValues,
} from '../components/cluster-create-schema.ts';
import { identifierRules } from '../components/cluster-names.ts';
import { engineLabel, enginesOf, planPriceText } from '../components/cluster-offer.ts';
import { ClusterPlanPicker } from '../components/cluster-plan-picker.tsx';

const route = getRouteApi('/storage/databases/new');

/** Create a new Cloud Database: a cluster, in one of the customer's namespaces (the one asked for, if any). */
export function CreateClusterPage() {
  const { namespace } = route.useSearch();
  const offer = useQuery(clusterOfferQueryOptions());

  let content;
  if (offer.isError) {
    content = <LoadError title="The plans and versions could not be loaded" onRetry={offer.refetch} />;
  } else if (!offer.data) {
    content = <Skeleton variant="rectangular" height={480} aria-label="Loading plans and versions" />;
  } else if (offer.data.namespaces.length === 0) {
    content = (
      <EmptyState
        icon={mdiShape}
        title="Create a namespace first"
        description="A database cluster lives in a namespace, beside the containers that use it."
        action={
          <ButtonLink to="/compute/serverless-containers/new" variant="contained">
            Create namespace
          </ButtonLink>
        }
      />
    );
  } else {
    content = <CreateClusterForm offer={offer.data} requestedNamespace={namespace} />;
  }

  return (
    <>
      <PageHeader
        title="Create a new Cloud Database"
        subtitle="A managed PostgreSQL or MySQL cluster, with its first database and user."
      />
      {content}
    </>
  );
}

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
  };
}

function CreateClusterForm({
  offer,
  requestedNamespace,
}: {
  offer: ClusterOffer;
  requestedNamespace: string | undefined;
}) {
  const navigate = useNavigate();
  const createCluster = useCreateCluster();
  const { open: openCheckout, leaving } = useClusterCheckout();
  const [refusal, setRefusal] = useState<string[]>([]);
  const { control, handleSubmit, setError, setValue } = useForm<ClusterCreateValues>({
    shouldFocusError: false,
    resolver: zodResolver(clusterCreateSchema),
    mode: 'onChange',
    defaultValues: initialValues(offer, requestedNamespace),
  });
  const [engine, planId, payNow] = useWatch({ control, name: ['engine', 'plan', 'payNow'] });
  const engines = enginesOf(offer.versions);
  const versions = engines.find((candidate) => candidate.type === engine)?.versions ?? [];
  const plan = offer.plans.find((candidate) => candidate.id === planId);

  const submit = (values: ClusterCreateValues) => {
    setRefusal([]);
    createCluster.mutate(toCreateInput(values), {
      onSuccess: (created) => {
        showSnackbar(`Your database cluster '${created.name}' is being created! 🚀`, 'success');
        const clusterPage = () => void navigate(clusterLink(created));
        if (values.payNow) {
          // The cluster exists either way: its page, once the failure has been said.
          openCheckout(created, { onError: clusterPage });
        } else {
          clusterPage();
        }
      },
      onError: (error) => {
        if (error instanceof GraphQLRequestError) setRefusal(showRefusal(error, setError));
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 960 }}>
      <Stack
        component="form"
        noValidate
        spacing={3}
        onSubmit={handleSubmit(submit, revealFirstInvalid)}
        aria-label="New database cluster"
      >
        <FieldRow columns="repeat(2, minmax(0, 1fr))">
          <FormTextField
            control={control}
            name="namespace"
            label="Namespace"
            required
            select
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled>
              Choose a namespace
            </option>
            {offer.namespaces.map((namespace) => (
              <option key={namespace.name} value={namespace.name} disabled={namespace.state === 'deleting'}>
                {namespace.name}
              </option>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="name"
            label="Name"
            required
            autoFocus
            autoComplete="off"
            helperText={resourceNameHint}
            slotProps={identifierInputProps}
          />
        </FieldRow>
        <FieldRow columns="repeat(2, minmax(0, 1fr))">
          <TextField
            select
            label="Engine"
            value={engine}
            onChange={(event) => {
              const chosen = engines.find((candidate) => candidate.type === event.target.value);
              setValue('engine', event.target.value);
              // A version of the engine chosen: its newest.
              setValue('version', chosen?.versions[0]?.version ?? '', { shouldValidate: true });
            }}
            slotProps={{ select: { native: true } }}
          >
            {engines.map((candidate) => (
              <option key={candidate.type} value={candidate.type}>
                {engineLabel(candidate.type)}
              </option>
            ))}
          </TextField>
          <FormTextField
            control={control}
            name="version"
            label="Version"
            required
            select
            slotProps={{ select: { native: true } }}
          >
            {versions.map((version) => (
              <option key={version.version} value={version.version}>
                {`${version.version} (${version.patchLevelVersion})`}
              </option>
            ))}
          </FormTextField>
        </FieldRow>
        <ClusterPlanPicker control={control} plans={offer.plans} />
        <div>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            First database and user
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The user reads and writes the database. An admin user is always created too. Leave a field empty
            to add them later.
          </Typography>
        </div>
        <FieldRow columns="repeat(2, minmax(0, 1fr))">
          <FormTextField
            control={control}
            name="databaseName"
            label="Database name"
            autoComplete="off"
            helperText={identifierRules}
            slotProps={identifierInputProps}
          />
          <FormTextField
            control={control}
            name="userName"
            label="User name"
            autoComplete="off"
            helperText={identifierRules}
            slotProps={identifierInputProps}
          />
        </FieldRow>
        <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
          {plan ? planPriceText(plan) : 'Choose a plan to see what the cluster costs a month.'}
        </Typography>
        <div>
          <FormSwitch control={control} name="payNow" label="Pay for this cluster now" />
          <Typography variant="body2" color="text.secondary">
            {payNow
              ? "Once the cluster is created, you go to the checkout for its plan's monthly price."
              : 'The cluster is created without going to the checkout.'}
          </Typography>
        </div>
        {refusal.length > 0 && (
          <OnDemandAlert severity="error" role="alert">
            {refusal.join(' ')}
          </OnDemandAlert>
        )}
        <FormActions
          control={control}
          submitLabel="Create cluster"
          pendingLabel={leaving ? 'Opening the checkout…' : 'Creating…'}
          pending={createCluster.isPending || leaving}
          unchanged={false}
          onCancel={() => void navigate({ to: '/storage/databases' })}
        />
      </Stack>
    </Paper>
  );
}

/** Puts each refused field's message on the field; returns the messages that name no field. */
function showRefusal(error: GraphQLRequestError, setError: UseFormSetError<ClusterCreateValues>): string[] {
  const { fields, other } = placeRefusal(error);
  fields.forEach(({ field, message }, index) =>
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return other;
}
