import { lazy, Suspense } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import { LoadingBlock } from '../loading-block.tsx';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { OnDemandAlert } from '../on-demand-alert.tsx';
import { Section } from '../section.tsx';
import type { ExternalAccessControl, ExternalAccessTarget } from './external-access-values.ts';

// The "External access" part of the forms of containers, database clusters and message queues: a switch, and
// once it is on, the addresses and ports (external-access-fields.tsx), whose code comes when the switch is
// turned on, pointed at or focused, or when the form opens with access on. A form without access carries
// the switch alone.

const loadFields = () =>
  import('./external-access-loader.ts').then((loader) => loader.loadExternalAccessFields());
const ExternalAccessFields = lazy(() =>
  loadFields().then((module) => ({ default: module.ExternalAccessFields })),
);
const preload = () => void loadFields().catch(() => undefined);

const nounOf = (target: ExternalAccessTarget) => (target.kind === 'container' ? 'container' : target.noun);

/** What external access is, said where the section starts. */
export const externalAccessDescription = (target: ExternalAccessTarget) =>
  `Addresses on the internet, IPv4 and IPv6, that forward ports to the ${nounOf(target)}: each port open to everyone or to the addresses you allow.`;

/**
 * The section: `section`, a titled part of a long form (a container's); `bare`, the fields alone, for a form
 * that names them itself (a dialog's title, a FormPart of a one-card form).
 */
export function ExternalAccessSection({
  control,
  target,
  connected = false,
  variant = 'section',
}: {
  control: ExternalAccessControl;
  target: ExternalAccessTarget;
  /** The resource has a connection now: turning access off removes it, as the section then says. */
  connected?: boolean;
  variant?: 'section' | 'bare';
}) {
  const { field } = useController({ control, name: 'externalAccess.enabled' });
  const enabled = Boolean(field.value);
  // A container forwards to its ports: none yet, nothing to turn on.
  const noPorts = target.kind === 'container' && target.ports.length === 0;

  const fields = (
    <>
      <FormControlLabel
        label="Reachable from the internet"
        disabled={noPorts && !enabled}
        onPointerEnter={preload}
        control={
          <Switch
            checked={enabled}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            onFocus={preload}
            name={field.name}
            inputRef={field.ref}
          />
        }
      />
      {connected && !enabled && (
        <OnDemandAlert severity="warning" variant="outlined">
          Saving removes its addresses and ports. Turned on again later, it may get other addresses.
        </OnDemandAlert>
      )}
      {noPorts && !enabled && (
        <Typography color="text.secondary" variant="body2">
          Add a port first: external access forwards to one of the container&apos;s ports.
        </Typography>
      )}
      {enabled && (
        <Suspense
          fallback={<LoadingBlock label="Loading external access" variant="rectangular" height={200} />}
        >
          <ExternalAccessFields control={control} target={target} />
        </Suspense>
      )}
    </>
  );

  return variant === 'section' ? (
    <Section title="External access" description={externalAccessDescription(target)}>
      {fields}
    </Section>
  ) : (
    <Stack spacing={2}>{fields}</Stack>
  );
}
