import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { FieldRow } from '@/components/form/field-row.tsx';
import { FormSwitch } from '@/components/form/form-switch.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { IdentifierField } from '@/components/form/identifier-field.tsx';
import type { ClusterCreateValues } from './cluster-create-schema.ts';
import { identifierRules } from './cluster-names.ts';
import { engineLabel, type enginesOf } from './cluster-offer.ts';

// Sections of the create form of a database cluster (the placement, plan picker and payment are every planned
// resource's: components/). What they do lives in useCreateClusterForm.

type FormControl = Control<ClusterCreateValues>;

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

/** The advisor, off unless chosen: it reads statistics and settings once a day, and changes nothing. */
export function ClusterAdvisorField({ control }: { control: FormControl }) {
  return (
    <div>
      <FormSwitch
        control={control}
        name="advisor"
        label="Database advisor (analyses the databases once a day)"
      />
      <Typography variant="body2" color="text.secondary">
        Suggests missing indexes and settings on the cluster&apos;s page. It only reads statistics and
        settings.
      </Typography>
    </div>
  );
}
