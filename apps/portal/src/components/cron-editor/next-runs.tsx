import { useEffect, useId, useMemo, useState } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { areTimeZonesLoaded, loadTimeZones, nextRuns, type CronFormat } from '@berth/cron';
import { useNow } from '../../lib/use-now.ts';
import { useCronEditorTexts } from './use-editor-texts.ts';

interface NextRunsProps {
  readonly expression: string;
  readonly format?: CronFormat;
  /** BCP 47 tag of the labels and dates; English outside the locales of SPEC §9. */
  readonly locale?: string;
  /** IANA time zone the schedule runs in. */
  readonly timezone?: string;
  /** IANA time zone the runs are written in, and named in the heading; by default the schedule's. */
  readonly displayTimezone?: string;
}

/** The next five runs of a valid expression, written in the locale and in the schedule's or the given time zone. */
export function NextRuns({
  expression,
  format = 'crontab',
  locale = 'en',
  timezone = 'UTC',
  displayTimezone = timezone,
}: NextRunsProps) {
  const texts = useCronEditorTexts(locale);
  const labelId = useId();
  const now = useNow();
  // A zone other than UTC shows its runs once its code has arrived (loadTimeZones), a moment after the editor.
  const [, setTimeZonesLoaded] = useState(areTimeZonesLoaded);
  const ready = timezone === 'UTC' || areTimeZonesLoaded();
  useEffect(() => {
    if (!ready) void loadTimeZones().then(() => setTimeZonesLoaded(true));
  }, [ready]);
  const runs = useMemo(
    () => (ready ? nextRuns(expression, { format, timezone, from: now }) : null),
    [ready, expression, format, timezone, now],
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
        timeZone: displayTimezone,
      }),
    [locale, format, displayTimezone],
  );
  if (runs === null || texts === undefined) return null;
  return (
    <section aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="div">
        {texts.nextRuns(displayTimezone)}
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
