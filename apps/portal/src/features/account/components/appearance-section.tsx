import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Section } from '@/components/section.tsx';
import { themePreferences, useColorMode, type ThemePreference } from '@/lib/color-mode.ts';
import { formatDateTime } from '@/lib/format.ts';
import { chooseLanguage, chosenLanguage } from '@/lib/language.ts';
import { languageChoices, type LanguageChoice } from './languages.ts';

const themeLabels: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'Follow the system',
};

const isThemePreference = (value: string): value is ThemePreference =>
  (themePreferences as readonly string[]).includes(value);

// The select's value for following the browser's language.
const browserLanguage = 'browser';

const isLanguageChoice = (value: string): value is LanguageChoice =>
  (languageChoices as readonly string[]).includes(value);

/** A language by its own name, and in English beside it for whoever cannot read that script. */
function languageLabel(language: LanguageChoice): string {
  const own = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  const english = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  return own === english ? own : `${own} (${english})`;
}

/** The chosen language applied: a date as the portal now writes it. */
function LanguageSample() {
  const [now] = useState(() => new Date());
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      Dates read “{formatDateTime(now)}”.
    </Typography>
  );
}

/** Theme (light, dark or the device's) and the language of dates and schedules. */
export function AppearanceSection() {
  const { preference, choose } = useColorMode();
  // Held here too so the page (its date sample) renders again when the language changes.
  const [language, setLanguage] = useState(() => {
    const chosen = chosenLanguage();
    return chosen !== null && isLanguageChoice(chosen) ? chosen : browserLanguage;
  });
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
          if (choice !== browserLanguage && !isLanguageChoice(choice)) return;
          chooseLanguage(choice === browserLanguage ? null : choice);
          setLanguage(choice);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 360 }}
      >
        <option value={browserLanguage}>The browser’s language</option>
        {languageChoices.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageLabel(option)}
          </option>
        ))}
      </TextField>
      <LanguageSample />
    </Section>
  );
}
