import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { FieldRow } from '@/components/form/field-row.tsx';
import { FormSwitch } from '@/components/form/form-switch.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { IdentifierField, NewNameField } from '@/components/form/identifier-field.tsx';
import type { ClusterOffer, ClusterPlan } from '../api/get-cluster-offer.ts';
import type { ClusterCreateValues } from './cluster-create-schema.ts';
import { identifierRules } from './cluster-names.ts';
import { engineLabel, planPriceText, type enginesOf } from './cluster-offer.ts';

// The sections of the create form of a database cluster, top to bottom (the plan picker, between the engine
// and the first database, is ClusterPlanPicker). What they do lives in useCreateClusterForm.

type FormControl = Control<ClusterCreateValues>;

/** Where the cluster goes and what it is called. */
export function ClusterPlacementFields({
  control,
  namespaces,
}: {
  control: FormControl;
  namespaces: ClusterOffer['namespaces'];
}) {
  return (
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
        {namespaces.map((namespace) => (
          <option key={namespace.name} value={namespace.name} disabled={namespace.state === 'deleting'}>
            {namespace.name}
          </option>
        ))}
      </FormTextField>
      <NewNameField control={control} name="name" />
    </FieldRow>
  );
}

/** The engine, and a version of it. */
export function ClusterEngineFields({
  control,
  engine,
  engines,
  versions,
  onEngineChange,
}: {
  control: FormControl;
  engine: string;
  engines: ReturnType<typeof enginesOf>;
  versions: ReturnType<typeof enginesOf>[number]['versions'];
  onEngineChange: (type: string) => void;
}) {
  return (
    <FieldRow columns="repeat(2, minmax(0, 1fr))">
      <TextField
        select
        label="Engine"
        value={engine}
        onChange={(event) => onEngineChange(event.target.value)}
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
  );
}

/** The first database and user, both optional. */
export function ClusterFirstMembersFields({ control }: { control: FormControl }) {
  return (
    <>
      <div>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          First database and user
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The user reads and writes the database. An admin user is always created too. Leave a field empty to
          add them later.
        </Typography>
      </div>
      <FieldRow columns="repeat(2, minmax(0, 1fr))">
        <IdentifierField
          control={control}
          name="databaseName"
          label="Database name"
          helperText={identifierRules}
        />
        <IdentifierField control={control} name="userName" label="User name" helperText={identifierRules} />
      </FieldRow>
    </>
  );
}

/** What the plan chosen costs, and whether to pay for it right away. */
export function ClusterPaymentFields({
  control,
  plan,
  payNow,
}: {
  control: FormControl;
  plan: ClusterPlan | undefined;
  payNow: boolean;
}) {
  return (
    <>
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
    </>
  );
}
