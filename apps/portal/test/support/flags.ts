import { http, HttpResponse } from 'msw';
import { featureFlags } from '../../src/lib/flags.ts';

// The Unleash frontend API of the unit tests (the server's /api/frontend): by default every flag the portal
// declares is on. Like Unleash, it lists the enabled flags only.

export const frontendApiUrl = `${window.location.origin}/api/frontend`;

export interface FlagsRequest {
  authorization: string | null;
  context: Record<string, unknown>;
}

/** Answers with `names` enabled; `seen` collects what each request sent. */
export function flagsOn(names: readonly string[], seen?: FlagsRequest[]) {
  return http.post(frontendApiUrl, async ({ request }) => {
    const body = (await request.json()) as { context?: Record<string, unknown> };
    seen?.push({ authorization: request.headers.get('authorization'), context: body.context ?? {} });
    return HttpResponse.json({
      toggles: names.map((name) => ({
        name,
        enabled: true,
        variant: { name: 'disabled', enabled: false, feature_enabled: true },
        impressionData: false,
      })),
    });
  });
}

export const allFlagsOn = flagsOn(Object.values(featureFlags));
