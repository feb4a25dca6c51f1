import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ExternalConnectionViewFragment } from '../../gql/graphql.ts';
import { formatMoney } from '../../lib/money.ts';
import { CopyableText } from '../copyable-text.tsx';
import { FactsList } from '../facts-list.tsx';
import { useIpAddressPrice } from './ip-address-price.ts';

// A resource's external connection as its page shows it: the addresses to copy, whether they are its own (and
// what they cost) or shared, and each port forwarded as `203.0.113.1:443 → 8080 TCP, from 10.0.0.0/8`, its
// address and port to copy. Loaded only by pages of resources that have one (external-connection-panel).

/** `203.0.113.1:443`, `[2001:db8::1]:443`: an address and port as clients write them. */
export const hostPort = (address: string, port: number) =>
  address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;

const allowedText = (allowList: readonly string[]) =>
  allowList.length ? `from ${allowList.join(', ')}` : 'from anywhere';

function AddressKind({ sharedIp }: { sharedIp: boolean }) {
  const price = useIpAddressPrice();
  if (sharedIp) return <>Shared with your other resources, at no extra cost</>;
  return <>Its own{price.data ? `, ${formatMoney(price.data)} a month` : ', priced by the month'}</>;
}

/** Each port as `203.0.113.1:443 → 8080 TCP, from 10.0.0.0/8`, its address and port to copy. */
function PortList({ ipv4, ports }: Pick<ExternalConnectionViewFragment, 'ipv4' | 'ports'>) {
  if (ports.length === 0) return <>None forwarded</>;
  return (
    <Stack component="ul" aria-label="Forwarded ports" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ports.map((port) => {
        const address = hostPort(ipv4, port.externalPort);
        return (
          <Stack
            component="li"
            key={`${port.externalPort}/${port.protocol}`}
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, minWidth: 0 }}
          >
            <Box sx={{ fontFamily: 'monospace', fontSize: '0.95em' }}>
              <CopyableText text={address} label={`Copy ${address}`} />
            </Box>{' '}
            <Box component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {`→ ${port.internalPort ?? '—'} ${port.protocol}, ${allowedText(port.allowList)}`}
            </Box>
          </Stack>
        );
      })}
    </Stack>
  );
}

export function ExternalConnectionView({ connection }: { connection: ExternalConnectionViewFragment }) {
  const { ipv4, ipv6, ports } = connection;
  return (
    <FactsList
      facts={[
        { term: 'IPv4', value: <CopyableText text={ipv4} label={`Copy ${ipv4}`} /> },
        { term: 'IPv6', value: <CopyableText text={ipv6} label={`Copy ${ipv6}`} /> },
        { term: 'Addresses', value: <AddressKind sharedIp={connection.sharedIp} /> },
        { term: 'Ports', value: <PortList ipv4={ipv4} ports={ports} /> },
      ]}
    />
  );
}
