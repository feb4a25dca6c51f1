import Paper from '@mui/material/Paper';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import { mdiShape } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import {
  externalAccessDescription,
  ExternalAccessSection,
} from '@/components/external-access/external-access-section.tsx';
import { externalAccessControl } from '@/components/external-access/external-access-values.ts';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormPart } from '@/components/form/form-part.tsx';
import { FormStack } from '@/components/form/form-stack.tsx';
import { PlacementFields } from '@/components/form/placement-fields.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { PayNowFields } from '@/components/planned-resource/pay-now-fields.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import { clusterOfferQueryOptions, type ClusterOffer } from '../api/get-cluster-offer.ts';
import { clusterAccessTarget } from '../components/cluster-create-schema.ts';
import {
  ClusterAdvisorField,
  ClusterEngineFields,
  ClusterFirstMembersFields,
} from '../components/cluster-create-sections.tsx';
import { ClusterPlanPicker } from '../components/cluster-plan-picker.tsx';
import { useCreateClusterForm } from '../components/use-create-cluster-form.ts';

const route = getRouteApi('/storage/databases/new');

/** Create a new Cloud Database: a cluster, in one of the customer's namespaces (the one asked for, if any). */
export function CreateClusterPage() {
  const { namespace } = route.useSearch();
  const offer = useQuery(clusterOfferQueryOptions());

  let content;
  if (offer.isError) {
    content = <LoadError title="The plans and versions could not be loaded" onRetry={offer.refetch} />;
  } else if (!offer.data) {
    content = <LoadingBlock label="Loading plans and versions" variant="rectangular" height={480} />;
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

function CreateClusterForm({
  offer,
  requestedNamespace,
}: {
  offer: ClusterOffer;
  requestedNamespace: string | undefined;
}) {
  const form = useCreateClusterForm(offer, requestedNamespace);
  const { control } = form;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 960 }}>
      <FormStack onSubmit={form.onSubmit} label="New database cluster">
        <PlacementFields
          control={control}
          namespaces={offer.namespaces}
          namespaceField="namespace"
          nameField="name"
        />
        <ClusterEngineFields
          control={control}
          engine={form.engine}
          engines={form.engines}
          versions={form.versions}
          onEngineChange={form.chooseEngine}
        />
        <ClusterPlanPicker control={control} plans={offer.plans} />
        <ClusterFirstMembersFields control={control} />
        <ClusterAdvisorField control={control} />
        <FormPart
          title="External access"
          description={externalAccessDescription(clusterAccessTarget(form.engine))}
        >
          <ExternalAccessSection
            control={externalAccessControl(control)}
            target={clusterAccessTarget(form.engine)}
            variant="bare"
          />
        </FormPart>
        <PayNowFields control={control} name="payNow" noun="cluster" plan={form.plan} payNow={form.payNow} />
        <FormActions
          control={control}
          submitLabel="Create cluster"
          pendingLabel={form.leaving ? 'Opening the checkout…' : 'Creating…'}
          pending={form.pending}
          refusal={form.refusal}
          unchanged={false}
          onCancel={form.cancel}
        />
      </FormStack>
    </Paper>
  );
}
