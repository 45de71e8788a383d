import { z } from 'zod/mini';

// Field builders in Zod Mini, for the request bodies whose forms are on the storefront (review, checkout,
// claim orders). Zod Mini is the same validator as Zod (same core, same checks, same issues), written as
// functions so a bundle keeps only what it uses: a storefront form takes ~6 kB of it instead of full
// Zod's ~24 kB (docs/decisions/004-storefront-bundle-budget.md). The server runs these schemas as they
// are. Every check a shopper can trip carries its own message: Zod Mini loads no locale, so a check
// without one would read "Invalid input" in the browser.

/** Required text: trimmed, then at least one character and at most `max`. */
export const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

/** An email address: trimmed, lower-cased, required, bounded, then Zod's own email rule. */
export const emailAddress = (messages: { required: string; tooLong: string; invalid: string }, max = 254) =>
  z.pipe(
    z.string({ error: messages.required }).check(z.trim(), z.toLowerCase(), z.minLength(1, messages.required), z.maxLength(max, messages.tooLong)),
    z.email(messages.invalid),
  );
