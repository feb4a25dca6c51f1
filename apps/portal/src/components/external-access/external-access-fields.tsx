import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { formatMoney } from '../../lib/money.ts';
import { FieldRow } from '../form/field-row.tsx';
import { FormTextField, identifierInputProps } from '../form/form-text-field.tsx';
import { AddButton, ListItem } from '../form/list-editor.tsx';
import { RadioCard } from '../radio-card.tsx';
import { MAX_PORTS } from './external-access-rules.ts';
import type {
  ExternalAccessControl,
  ExternalAccessTarget,
  ExternalPortValues,
} from './external-access-values.ts';
import { useIpAddressPrice } from './ip-address-price.ts';

// The fields of external access once it is on: shared or own addresses (with the monthly price of a pair of
// its own), and the ports forwarded, each with its allowlist. Loaded with the switch (external-access-section).

// The label stays above the field, so that the placeholder shows while the field is empty.
const labelAbove = { inputLabel: { shrink: true } };

/** A port to add: to `internalPort` (a container's first port; empty for a service), over TCP, open to all. */
export const newExternalPort = (internalPort: string): ExternalPortValues => ({
  key: null,
  externalPort: '',
  internalPort,
  protocol: 'TCP',
  allowlist: '',
});

// A port's key is checked against the others' (no external port twice, one port left to choose per internal
// port): a change of one checks them all again.
const revalidated: ['externalAccess.ports'] = ['externalAccess.ports'];

const firstInternalPort = (target: ExternalAccessTarget) =>
  target.kind === 'container' ? String(target.ports[0] ?? '') : '';

const portLabel = (port: ExternalPortValues, index: number) =>
  port.externalPort.trim() ? `port ${port.externalPort.trim()}/${port.protocol}` : `port ${index + 1}`;

export function ExternalAccessFields({
  control,
  target,
}: {
  control: ExternalAccessControl;
  target: ExternalAccessTarget;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'externalAccess.ports' });
  const ports = useWatch({ control, name: 'externalAccess.ports' });
  // Turned on without ports: the first one is there to fill in (once, not again after it is removed).
  const started = useRef(false);
  useEffect(() => {
    if (!started.current && fields.length === 0) {
      append(newExternalPort(firstInternalPort(target)), { shouldFocus: false });
    }
    started.current = true;
  }, [append, fields.length, target]);

  return (
    <>
      <AddressChoice control={control} noun={target.kind === 'container' ? 'container' : target.noun} />
      <div>
        <Typography component="h3" color="text.secondary">
          Ports
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Leave the external port empty and one is chosen for you: the internal port when it is free on the
          address, else one from 30000.
        </Typography>
      </div>
      {/* As the other list sections' FieldList, which the section does without: shared with the container
          form's sections, it would be a file of its own on every page that has either. */}
      {fields.length > 0 && (
        <Stack spacing={2}>
          {fields.map((field, index) => (
            <ListItem
              key={field.id}
              label={portLabel(ports[index] ?? field, index)}
              onRemove={() => remove(index)}
            >
              <Stack spacing={2}>
                <FieldRow
                  columns={
                    target.kind === 'container'
                      ? 'minmax(0, 1fr) minmax(0, 1fr) minmax(96px, 0.6fr)'
                      : 'repeat(2, minmax(0, 1fr))'
                  }
                >
                  <FormTextField
                    control={control}
                    name={`externalAccess.ports.${index}.externalPort`}
                    deps={revalidated}
                    label="External port"
                    placeholder="Chosen for you"
                    autoComplete="off"
                    slotProps={{ ...labelAbove, htmlInput: { inputMode: 'numeric', spellCheck: false } }}
                  />
                  {target.kind === 'container' ? (
                    <>
                      <FormTextField
                        control={control}
                        name={`externalAccess.ports.${index}.internalPort`}
                        deps={revalidated}
                        label="Internal port"
                        select
                        required
                      >
                        {target.ports.map((port) => (
                          <MenuItem key={port} value={String(port)}>
                            {port}
                          </MenuItem>
                        ))}
                      </FormTextField>
                      <FormTextField
                        control={control}
                        name={`externalAccess.ports.${index}.protocol`}
                        deps={revalidated}
                        label="Protocol"
                        select
                      >
                        <MenuItem value="TCP">TCP</MenuItem>
                        <MenuItem value="UDP">UDP</MenuItem>
                      </FormTextField>
                    </>
                  ) : (
                    <TextField
                      label="Internal port"
                      value={String(target.port)}
                      helperText={`The ${target.noun}'s port, over TCP.`}
                      slotProps={{ input: { readOnly: true } }}
                    />
                  )}
                </FieldRow>
                <FormTextField
                  control={control}
                  name={`externalAccess.ports.${index}.allowlist`}
                  label="Allowed IP addresses"
                  placeholder="203.0.113.0/24, 2001:db8::/32"
                  helperText="Addresses or CIDR ranges, separated by commas. Empty lets everyone in."
                  autoComplete="off"
                  multiline
                  slotProps={{ ...identifierInputProps, ...labelAbove }}
                />
              </Stack>
            </ListItem>
          ))}
        </Stack>
      )}
      <PortsProblem control={control} />
      <AddButton
        onClick={() => append(newExternalPort(firstInternalPort(target)))}
        disabled={fields.length >= MAX_PORTS}
      >
        Add port
      </AddButton>
      {fields.length >= MAX_PORTS && (
        <Typography variant="body2" color="text.secondary">
          External access forwards at most {MAX_PORTS} ports.
        </Typography>
      )}
    </>
  );
}

/** Shared addresses, or a pair of its own at its monthly price. */
function AddressChoice({ control, noun }: { control: ExternalAccessControl; noun: string }) {
  const { field } = useController({ control, name: 'externalAccess.sharedIp' });
  const price = useIpAddressPrice();
  const labelId = useId();
  const ids = useId();
  const [sharedId, ownId] = [`${ids}-shared`, `${ids}-own`];
  const shared = Boolean(field.value);
  const ownPrice = price.data ? ` (${formatMoney(price.data)} a month)` : '';
  return (
    <FormControl component="fieldset" sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        Addresses
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name={field.name}
        value={shared ? 'shared' : 'own'}
        onChange={(event) => field.onChange(event.target.value === 'shared')}
        onBlur={field.onBlur}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <RadioCard selected={shared} sx={{ alignItems: 'flex-start', p: 1.5, pl: 0.5 }}>
          <Radio
            value="shared"
            slotProps={{ input: { 'aria-labelledby': `${sharedId}-name`, 'aria-describedby': sharedId } }}
            sx={{ mt: -0.5 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={`${sharedId}-name`} sx={{ fontWeight: 600 }}>
              Shared addresses
            </Typography>
            <Typography id={sharedId} variant="body2" color="text.secondary">
              The pair your resources share, each forwarding ports of its own. At no extra cost.
            </Typography>
          </Box>
        </RadioCard>
        <RadioCard selected={!shared} sx={{ alignItems: 'flex-start', p: 1.5, pl: 0.5 }}>
          <Radio
            value="own"
            slotProps={{ input: { 'aria-labelledby': `${ownId}-name`, 'aria-describedby': ownId } }}
            sx={{ mt: -0.5 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={`${ownId}-name`} sx={{ fontWeight: 600 }}>
              Own addresses{ownPrice}
            </Typography>
            <Typography id={ownId} variant="body2" color="text.secondary">
              An IPv4 and an IPv6 address for this {noun} alone
              {price.data === null || price.isError ? ', priced by the month.' : '.'}
            </Typography>
          </Box>
        </RadioCard>
      </RadioGroup>
    </FormControl>
  );
}

/** What is wrong with the ports as a whole (none, too many), or the platform's refusal naming no one port. */
function PortsProblem({ control }: { control: ExternalAccessControl }) {
  const { errors } = useFormState({ control, name: 'externalAccess.ports' });
  const ports = errors.externalAccess?.ports;
  const message = ports?.root?.message ?? ports?.message;
  return message ? (
    <Typography color="error" variant="body2" role="alert">
      {message}
    </Typography>
  ) : null;
}
