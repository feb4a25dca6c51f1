import { useEffect, useState } from 'react';

/**
 * Starts `load(locale)` and renders again once it has resolved, so a component can then read what it loaded
 * (texts that come on demand). A failed load is tried again the next time the component mounts.
 */
export function useLoadedLocale(load: (locale: string) => Promise<void>, locale: string): void {
  // Bumped when a locale finishes loading, to render again with it.
  const [, setLoadedLocale] = useState<string>();
  useEffect(() => {
    let current = true;
    load(locale).then(
      () => {
        if (current) setLoadedLocale(locale);
      },
      (error: unknown) => console.error(`Loading the ${locale} texts failed`, error),
    );
    return () => {
      current = false;
    };
  }, [load, locale]);
}
