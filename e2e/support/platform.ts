import { expect, type Page } from '@playwright/test';

/**
 * Sends a GraphQL request to the platform API as the customer signed in on `page` (its session's token), for
 * setting up what a journey needs without walking through every form; fails on any GraphQL error.
 */
export async function platformRequest<T = unknown>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const stored = window.localStorage.getItem('berth.session');
      const token = stored ? (JSON.parse(stored) as { access_token: string }).access_token : '';
      const response = await fetch('/graphql/platform', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    },
    { query, variables },
  );
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join('\n'));
  return body.data as T;
}

const contentsQuery = `
  query Contents($name: String!) {
    namespace(name: $name) {
      containers { name locked }
      containerJobs { name locked }
      privateRegistries { name locked }
      volumes { name locked }
    }
  }`;

type Held = { name: string; locked: boolean }[] | null;

/** Waits until nothing in the namespace is being changed by the platform any more. */
export async function waitUntilSettled(page: Page, namespace: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const data = await platformRequest<{ namespace: Record<string, Held> }>(page, contentsQuery, {
          name: namespace,
        });
        return Object.values(data.namespace)
          .flatMap((resources) => resources ?? [])
          .filter((resource) => resource.locked)
          .map((resource) => resource.name);
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toEqual([]);
}
