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
import { FieldRow } from '@/components/form/field-row.tsx';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormPart } from '@/components/form/form-part.tsx';
import { FormStack } from '@/components/form/form-stack.tsx';
import { FormTextField, identifierInputProps } from '@/components/form/form-text-field.tsx';
import { IdentifierField } from '@/components/form/identifier-field.tsx';
import { PlacementFields } from '@/components/form/placement-fields.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { OnDemandAlert } from '@/components/on-demand-alert.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { PayNowFields } from '@/components/planned-resource/pay-now-fields.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import { NextStepLink } from '@/components/subscription/next-step-link.tsx';
import { useRefusal, type Refusal } from '@/lib/auth/refusal.ts';
import { queueOfferQueryOptions, type QueueOffer } from '../api/get-queue-offer.ts';
import { queueAccessTarget } from '../components/queue-create-schema.ts';
import { QueuePlanPicker } from '../components/queue-plan-picker.tsx';
import { useCreateQueueForm } from '../components/use-create-queue-form.ts';

const route = getRouteApi('/storage/message-queues/new');

// The label stays above the field, out of its example's way.
const labelAbovePlaceholder = { ...identifierInputProps, inputLabel: { shrink: true } };

/** Create a message queue, in one of the customer's namespaces (the one asked for, if any). */
export function CreateQueuePage() {
  const { namespace } = route.useSearch();
  const offer = useQuery(queueOfferQueryOptions());
  const refusal = useRefusal('message-queue', 'create');

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
        description="A message queue lives in a namespace, beside the containers that use it."
        action={
          <ButtonLink to="/compute/serverless-containers/new" variant="contained">
            Create namespace
          </ButtonLink>
        }
      />
    );
  } else {
    content = <CreateQueueForm offer={offer.data} requestedNamespace={namespace} refusal={refusal ?? null} />;
  }

  return (
    <>
      <PageHeader
        title="Create a message queue"
        subtitle="A managed RabbitMQ broker, with its admin user and AMQP address ready to copy."
      />
      {content}
    </>
  );
}

function CreateQueueForm({
  offer,
  requestedNamespace,
  refusal,
}: {
  offer: QueueOffer;
  requestedNamespace: string | undefined;
  refusal: Refusal | null;
}) {
  const form = useCreateQueueForm(offer, requestedNamespace);
  const { control } = form;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 960 }}>
      <FormStack onSubmit={form.onSubmit} label="New message queue">
        {refusal && (
          <OnDemandAlert severity="warning" role="alert">
            {refusal.message}
            <NextStepLink
              refusal={refusal}
              area="message-queue"
              variant="outlined"
              sx={{ display: 'flex', width: 'fit-content', mt: 1.5 }}
            />
          </OnDemandAlert>
        )}
        <PlacementFields
          control={control}
          namespaces={offer.namespaces}
          namespaceField="namespace"
          nameField="name"
        />
        <FieldRow columns="repeat(2, minmax(0, 1fr))">
          <FormTextField
            control={control}
            name="version"
            label="RabbitMQ version"
            required
            select
            slotProps={{ select: { native: true } }}
          >
            {form.versions.map((version) => (
              <option key={version.version} value={version.version}>
                {`${version.version} (${version.patchLevelVersion})`}
              </option>
            ))}
          </FormTextField>
        </FieldRow>
        <QueuePlanPicker control={control} plans={offer.plans} />
        <IdentifierField
          control={control}
          name="allowlist"
          label="Allowed IP addresses"
          placeholder="203.0.113.0/24, 2001:db8::/32"
          helperText="Addresses or CIDR ranges that may connect, separated by commas. Empty lets everyone connect."
          multiline
          slotProps={labelAbovePlaceholder}
        />
        <FormPart title="External access" description={externalAccessDescription(queueAccessTarget)}>
          <ExternalAccessSection
            control={externalAccessControl(control)}
            target={queueAccessTarget}
            variant="bare"
          />
        </FormPart>
        <PayNowFields control={control} name="payNow" noun="queue" plan={form.plan} payNow={form.payNow} />
        <FormActions
          control={control}
          submitLabel="Create queue"
          pendingLabel={form.leaving ? 'Opening the checkout…' : 'Creating…'}
          pending={form.pending}
          refusal={form.refusal}
          unchanged={refusal !== null}
          onCancel={form.cancel}
        />
      </FormStack>
    </Paper>
  );
}
