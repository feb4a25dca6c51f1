import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FieldRow } from '@/components/form/field-row.tsx';
import { FormSwitch } from '@/components/form/form-switch.tsx';
import { identifierInputProps } from '@/components/form/form-text-field.tsx';
import { IdentifierField } from '@/components/form/identifier-field.tsx';
import { FieldList } from '@/components/form/field-list.tsx';
import { AddButton } from '@/components/form/list-editor.tsx';
import { Section } from '@/components/section.tsx';
import { hostnameProblem } from '@/lib/validation/network.ts';
import { useDefaultContainerAddress } from '../api/get-default-address.ts';
import { DnsRecord } from './dns-record.tsx';
import { PortSelect } from './port-select.tsx';
import { emptyIngress, type ContainerFormValues } from './container-schema.ts';

type FormControl = Control<ContainerFormValues>;

// The label stays above the field, so that the placeholder's example shows while the field is empty.
const labelAbovePlaceholder = { ...identifierInputProps, inputLabel: { shrink: true } };

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
  const defaultHost = useDefaultContainerAddress(namespace, name);
  return (
    <Section title="Web addresses" description={<DefaultAddressNote host={defaultHost} />}>
      <FieldList
        fields={fields}
        values={ingresses}
        label={(ingress, index) => ingress.domainName.trim() || `address ${index + 1}`}
        onRemove={remove}
      >
        {(ingress, index) => {
          const domain = ingress.domainName.trim();
          return (
            <Stack spacing={2}>
              <FieldRow columns="minmax(0, 1fr) 160px">
                <IdentifierField
                  control={control}
                  name={`ingresses.${index}.domainName`}
                  label="Domain"
                  placeholder="shop.example.com"
                  slotProps={labelAbovePlaceholder}
                />
                <PortSelect control={control} name={`ingresses.${index}.port`} ports={ports} />
              </FieldRow>
              {domain === '' ? (
                <Typography variant="body2" color="text.secondary">
                  {defaultHost ? `The default address https://${defaultHost}` : 'The default address'}, with a
                  TLS certificate.
                </Typography>
              ) : (
                hostnameProblem(domain) === null && <DnsRecord domain={domain} target={defaultHost} />
              )}
              <FormSwitch
                control={control}
                name={`ingresses.${index}.enableTLS`}
                label="HTTPS (TLS certificate)"
              />
              <IdentifierField
                control={control}
                name={`ingresses.${index}.allowlist`}
                label="Allowed IP addresses"
                placeholder="203.0.113.0/24, 2001:db8::/32"
                helperText="Addresses or CIDR ranges, separated by commas. Empty lets everyone in."
                multiline
                slotProps={labelAbovePlaceholder}
              />
            </Stack>
          );
        }}
      </FieldList>
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

/** The section's description: the default address whole once the platform has named it. */
function DefaultAddressNote({ host }: { host: string | undefined }) {
  const address = host
    ? `https://${host}`
    : "the container's default address (named once the container has a name)";
  return (
    <>
      Addresses at which the container answers on the web. Leave the domain empty for {address}; it gets a TLS
      certificate. A domain of your own needs a DNS record pointing at the default address.
    </>
  );
}
