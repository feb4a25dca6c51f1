import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/components/copy-button.tsx';

/**
 * The DNS record a custom domain needs before it answers: a CNAME from the domain to the container's
 * default host, which the platform serves. `target` is undefined while the default host is not known yet
 * (a new container without a valid name).
 */
export function DnsRecord({ domain, target }: { domain: string; target: string | undefined }) {
  if (!target) {
    return (
      <Typography variant="body2" color="text.secondary">
        Point a CNAME record from {domain} to the container&apos;s default address (shown once the container
        has a name).
      </Typography>
    );
  }
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      role="group"
      aria-label={`DNS record for ${domain}`}
      sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
    >
      DNS record:{' '}
      <Box component="code" sx={{ fontFamily: 'monospace', color: 'text.primary' }}>
        {domain} CNAME {target}
      </Box>{' '}
      <CopyButton value={target} label={`Copy ${target}`} />
    </Typography>
  );
}
