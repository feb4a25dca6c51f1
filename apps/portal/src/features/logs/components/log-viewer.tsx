import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { mdiDownload, mdiPause, mdiPlay, mdiTextBoxOutline } from '@mdi/js';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import type { LogSource, LogPeriod } from '../api/log-source.ts';
import { downloadLog } from './log-format.ts';
import { LogLines } from './log-lines.tsx';
import { useLogStream, type TailStatus } from './use-log-stream.ts';

export type { LogSource } from '../api/log-source.ts';

/** Typing settles for this long before the filter is asked of the server. */
const FILTER_DEBOUNCE_MS = 400;

export interface LogViewerProps {
  /**
   * Whose log: `{ kind: 'container', namespace, container, replica? }` (all replicas without `replica`) or
   * `{ kind: 'job-run', namespace, job, run }`. Compared by value: a new object for the same source is fine.
   */
  source: LogSource;
  /** Follow new lines as they are written (a running container or run); otherwise the recent lines only. */
  live: boolean;
  /** The downloaded file's name, without `.log`: `web-shop`. */
  downloadName: string;
  /** The time read over (a time range); the newest lines without one. */
  period?: LogPeriod;
}

const tailMessages: Partial<Record<TailStatus, string>> = {
  connecting: 'Connecting…',
  following: 'Following',
  reconnecting: 'Connection lost, reconnecting…',
};

function LiveStatus({ status, paused, held }: { status: TailStatus; paused: boolean; held: number }) {
  const text = paused
    ? `Paused · ${held.toLocaleString()} new ${held === 1 ? 'line' : 'lines'}`
    : tailMessages[status];
  if (!text) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status">
      {text}
    </Typography>
  );
}

/**
 * A log: its newest lines (oldest first, as a log reads) and, when live, the new ones as they come, with a
 * filter asked of the server, pause, timestamps, and download of what is shown. Reusable by any screen.
 */
export function LogViewer({ source, live, downloadName, period }: LogViewerProps) {
  const [filterText, setFilterText] = useState('');
  const filter = useDebouncedValue(filterText.trim(), FILTER_DEBOUNCE_MS);
  const [showTimestamps, setShowTimestamps] = useState(true);
  const log = useLogStream(source, filter, live, period);
  const { recent, lines } = log;

  let body;
  if (recent.isError) {
    body = (
      <LoadError
        title="The log could not be loaded"
        // The platform's own words when it answered (such as a replica that has stopped), else the default.
        {...(recent.error instanceof GraphQLRequestError ? { description: recent.error.message } : {})}
        onRetry={recent.refetch}
      />
    );
  } else if (!recent.data) {
    body = <LoadingBlock label="Loading the log" height={320} />;
  } else if (lines.length === 0) {
    body = (
      <EmptyState
        icon={mdiTextBoxOutline}
        title={filter ? 'No matching log lines' : period ? 'No log lines in this time' : 'No log lines yet'}
        description={
          filter
            ? `No line contains “${filter}”.${live ? ' Matching lines show here as they are written.' : ''}`
            : live
              ? 'Lines show here as they are written.'
              : 'Nothing was written to this log.'
        }
      />
    );
  } else {
    body = (
      <LogLines
        lines={lines}
        showTimestamps={showTimestamps}
        showWriter={source.kind === 'container' && !source.replica}
      />
    );
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2 }}
        useFlexGap
        // Controls level with the field, not with its hint below it.
        sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
      >
        <TextField
          label="Filter"
          size="small"
          type="search"
          value={filterText}
          onChange={(event) => setFilterText(event.target.value)}
          helperText="Lines containing this text, ignoring case"
          sx={{ width: { sm: 360 } }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Switch
                checked={showTimestamps}
                onChange={(event) => setShowTimestamps(event.target.checked)}
              />
            }
            label="Timestamps"
          />
          {live &&
            (log.paused ? (
              <Button variant="outlined" startIcon={<MdiIcon path={mdiPlay} />} onClick={log.resume}>
                Resume
              </Button>
            ) : (
              <Button variant="outlined" startIcon={<MdiIcon path={mdiPause} />} onClick={log.pause}>
                Pause
              </Button>
            ))}
          <Button
            variant="outlined"
            startIcon={<MdiIcon path={mdiDownload} />}
            disabled={lines.length === 0}
            onClick={() => downloadLog(downloadName, lines)}
          >
            Download
          </Button>
          {live && <LiveStatus status={log.tail.status} paused={log.paused} held={log.held} />}
        </Stack>
      </Stack>
      {log.tail.status === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={log.retryTail}>
              Try again
            </Button>
          }
        >
          The live log stopped: {log.tail.error?.message ?? 'the platform did not answer'}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
