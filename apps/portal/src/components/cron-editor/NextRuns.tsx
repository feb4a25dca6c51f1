import { useEffect, useId, useMemo, useState } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { nextRuns, type CronFormat } from '@berth/cron';
import type { CronEditorTexts } from './translations.ts';

const minuteMs = 60_000;

/** The current time, renewed every minute so the listed runs never fall into the past. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), minuteMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface NextRunsProps {
  readonly expression: string;
  readonly format: CronFormat;
  readonly locale: string;
  readonly timezone: string;
  readonly texts: CronEditorTexts;
}

/** The next five runs of a valid expression, written in the locale and the schedule's time zone. */
export function NextRuns({ expression, format, locale, timezone, texts }: NextRunsProps) {
  const labelId = useId();
  const now = useNow();
  const runs = useMemo(
    () => nextRuns(expression, { format, timezone, from: now }),
    [expression, format, timezone, now],
  );
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: format === 'crontab' ? undefined : '2-digit',
        timeZone: timezone,
      }),
    [locale, format, timezone],
  );
  if (runs === null) return null;
  return (
    <section aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="div">
        {texts.nextRuns(timezone)}
      </Typography>
      <List dense disablePadding>
        {runs.map((run) => (
          <ListItem key={run.getTime()} disableGutters>
            <time dateTime={run.toISOString()}>{dateFormat.format(run)}</time>
          </ListItem>
        ))}
      </List>
    </section>
  );
}
