import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../src/lib/format.ts';
import { chooseLanguage } from '../../src/lib/language.ts';

// Dates are written in the portal's language: English as its labels are, unless the customer chose another on
// the account page; a German browser no longer puts German dates beside English labels (issue 28).

const time = '2026-11-27T09:30:00Z';

afterEach(() => {
  chooseLanguage(null);
  vi.restoreAllMocks();
});

describe('the language of dates', () => {
  it('is English in a German browser when no language was chosen', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de']);
    chooseLanguage(null);
    expect(formatDateTime(time)).toMatch(/Nov/);
    expect(formatDateTime(time)).not.toMatch(/Nov\./);
  });

  it("follows the browser's English, such as British English", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-GB']);
    chooseLanguage(null);
    expect(formatDateTime(time)).toMatch(/^27 Nov 2026/);
  });

  it('is the one chosen on the account page', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    chooseLanguage('de');
    expect(formatDateTime(time)).toMatch(/^27\.11\.2026/);
  });
});
