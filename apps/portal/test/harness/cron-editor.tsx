// Renders the CronEditor alone for the browser test (e2e/cron-editor.spec.ts), apart from the portal app.
// Query parameters: value, format, locale, timezone.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import type { CronFormat } from '@berth/cron';
import { CronEditor } from '../../src/components/cron-editor/index.ts';

const params = new URLSearchParams(window.location.search);
const formats: readonly CronFormat[] = ['crontab', 'quartz', 'spring'];
const format = formats.find((candidate) => candidate === params.get('format')) ?? 'crontab';

function Harness() {
  const [value, setValue] = useState(
    params.get('value') ?? (format === 'crontab' ? '* * * * *' : '* * * * * *'),
  );
  return (
    <Container maxWidth="md" component="main" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Job schedule
      </Typography>
      <CronEditor
        value={value}
        format={format}
        locale={params.get('locale') ?? undefined}
        timezone={params.get('timezone') ?? undefined}
        onChange={(change) => setValue(change.expression)}
      />
    </Container>
  );
}

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from the harness page');
createRoot(root).render(
  <StrictMode>
    <CssBaseline />
    <Harness />
  </StrictMode>,
);
