import * as z from 'zod/mini';

/**
 * A zod check that reports one issue: the message `messageOf` gives for the value, if any. The forms use it
 * for the rules of @berth/rules, which give a problem code that the form words in its own way.
 */
export function problemCheck(messageOf: (value: string) => string | null | undefined) {
  return z.superRefine((value: string, ctx) => {
    const message = messageOf(value);
    if (message) ctx.issues.push({ code: 'custom', input: value, message });
  });
}

/** A form's schema: its values as typed (not parsed), checked by `refine`, which reports each issue at its field. */
export function refinedSchema<TValues>(refine: Parameters<typeof z.superRefine<TValues>>[0]) {
  return z.custom<TValues>().check(z.superRefine(refine));
}
