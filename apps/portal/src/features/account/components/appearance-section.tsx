import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { cronLocales, type CronLocale } from '@berth/cron';
import { Section } from '../../../components/section.tsx';
import { useDescription } from '../../../components/cron-editor/use-description.ts';
import { themePreferences, useColorMode, type ThemePreference } from '../../../lib/color-mode.ts';
import { customerLocale, formatDateTime } from '../../../lib/format.ts';
import { chooseLanguage, useChosenLanguage } from '../../../lib/language.ts';

const themeLabels: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'Follow the system',
};

const isThemePreference = (value: string): value is ThemePreference =>
  (themePreferences as readonly string[]).includes(value);
// The select's value for following the browser's language.
const browserLanguage = 'browser';
const languageChoices = [browserLanguage, ...cronLocales] as const;
type LanguageChoice = (typeof languageChoices)[number];

const isLanguageChoice = (value: string): value is LanguageChoice =>
  (languageChoices as readonly string[]).includes(value);

/** A language by its own name, and in English beside it for whoever cannot read that script. */
function languageLabel(language: CronLocale): string {
  const own = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  const english = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  return own === english ? own : `${own} (${english})`;
}

// A schedule whose description shows the chosen language (every Monday at 04:00).
const sampleSchedule = '0 4 * * 1';

/** The chosen language applied: a date and a schedule as the portal now writes them. */
function LanguageSample() {
  const [now] = useState(() => new Date());
  const schedule = useDescription(sampleSchedule, 'crontab', customerLocale());
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      Dates read “{formatDateTime(now)}”{schedule && <>, schedules “{schedule}”</>}.
    </Typography>
  );
}

/** Theme (light, dark or the device's) and the language of dates and schedules. */
export function AppearanceSection() {
  const { preference, choose } = useColorMode();
  const chosen = useChosenLanguage();
  const language = chosen !== null && isLanguageChoice(chosen) ? chosen : browserLanguage;
  return (
    <Section title="Appearance" description="Kept in this browser. The sign-in pages use the same theme.">
      <FormControl>
        <FormLabel id="theme-label">Theme</FormLabel>
        <RadioGroup
          row
          aria-labelledby="theme-label"
          value={preference}
          onChange={(event) => {
            if (isThemePreference(event.target.value)) choose(event.target.value);
          }}
        >
          {themePreferences.map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={themeLabels[option]} />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        select
        label="Language of dates and schedules"
        value={language}
        onChange={(event) => {
          const choice = event.target.value;
          if (isLanguageChoice(choice)) chooseLanguage(choice === browserLanguage ? null : choice);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 360 }}
      >
        <option value={browserLanguage}>The browser’s language</option>
        {cronLocales.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageLabel(option)}
          </option>
        ))}
      </TextField>
      <LanguageSample />
    </Section>
  );
}
