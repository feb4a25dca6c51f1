import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/components/copy-button.tsx';
import { FactsList } from '@/components/facts-list.tsx';
import { Section } from '@/components/section.tsx';
import { env } from '@/config/env.ts';
import { tokenEndpointOf, tokenRequestExample } from './token-request.ts';

const code = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875rem' };

function CopyableValue({ value, label }: { value: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box component="code" sx={{ ...code, overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Box>
      <CopyButton value={value} label={label} />
    </Stack>
  );
}

/** What a command-line or infrastructure tool needs to sign in as the customer: the password grant's details. */
export function ApiAccessSection({ email }: { email: string }) {
  const tokenEndpoint = tokenEndpointOf(env.oidcAuthority);
  const example = tokenRequestExample({ tokenEndpoint, clientId: env.cliClientId, email });
  return (
    <Section
      title="API access"
      description="Command-line and infrastructure tools sign in with your email and password at the token endpoint, as the command-line client."
    >
      <FactsList
        facts={[
          {
            term: 'Token endpoint',
            value: <CopyableValue value={tokenEndpoint} label="Copy the token endpoint" />,
          },
          { term: 'Client ID', value: <CopyableValue value={env.cliClientId} label="Copy the client ID" /> },
        ]}
      />
      <div>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            Example
          </Typography>
          <CopyButton value={example} label="Copy the example" />
        </Stack>
        <Box
          component="pre"
          aria-label="Example token request"
          sx={{
            ...code,
            m: 0,
            mt: 1,
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {example}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The <code>totp</code> line is needed only with two-factor authentication on: the current code from
          your app. The answer’s <code>access_token</code> goes in the <code>Authorization: Bearer</code>{' '}
          header.
        </Typography>
      </div>
    </Section>
  );
}
