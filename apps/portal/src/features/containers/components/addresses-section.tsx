import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FieldRow } from '../../../components/form/field-row.tsx';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { FormTextField, identifierInputProps } from '../../../components/form/form-text-field.tsx';
import { AddButton, ListItem } from '../../../components/form/list-editor.tsx';
import { Section } from '../../../components/section.tsx';
import { PortSelect } from './port-select.tsx';
import { emptyIngress, type ContainerFormValues } from './container-schema.ts';

type FormControl = Control<ContainerFormValues>;

export function AddressesSection({
  control,
  ports,
  namespace,
}: {
  control: FormControl;
  ports: readonly number[];
  namespace: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'ingresses' });
  const name = useWatch({ control, name: 'name' });
  const ingresses = useWatch({ control, name: 'ingresses' });
  return (
    <Section
      title="Web addresses"
      description={`Addresses at which the container answers on the web. Leave the domain empty for the default address ${name || '{container}'}-${namespace}-….…, with TLS`}
    >
      {fields.length > 0 && (
        <Stack spacing={2}>
          {fields.map((field, index) => {
            const label = ingresses[index]?.domainName || `address ${index + 1}`;
            return (
              <ListItem key={field.id} label={label} onRemove={() => remove(index)}>
                <Stack spacing={2}>
                  <FieldRow columns="minmax(0, 1fr) 160px">
                    <FormTextField
                      control={control}
                      name={`ingresses.${index}.domainName`}
                      label="Domain"
                      autoComplete="off"
                      placeholder="shop.example.com"
                      slotProps={{ ...identifierInputProps, inputLabel: { shrink: true } }}
                    />
                    <PortSelect control={control} name={`ingresses.${index}.port`} ports={ports} />
                  </FieldRow>
                  <FormSwitch
                    control={control}
                    name={`ingresses.${index}.enableTLS`}
                    label="HTTPS (TLS certificate)"
                  />
                  <FormTextField
                    control={control}
                    name={`ingresses.${index}.allowlist`}
                    label="Allowed IP addresses"
                    autoComplete="off"
                    placeholder="203.0.113.0/24, 2001:db8::/32"
                    helperText="Addresses or CIDR ranges, separated by commas. Empty lets everyone in."
                    multiline
                    slotProps={{ ...identifierInputProps, inputLabel: { shrink: true } }}
                  />
                </Stack>
              </ListItem>
            );
          })}
        </Stack>
      )}
      {ports.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          Add a port first: a web address forwards to one of the container&apos;s ports.
        </Typography>
      )}
      <AddButton onClick={() => append(emptyIngress(String(ports[0] ?? '')))} disabled={ports.length === 0}>
        Add web address
      </AddButton>
    </Section>
  );
}
