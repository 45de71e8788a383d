// Resized copies of the store's pictures (decision 052): which widths exist and what they are called.
// Shared so the server (which makes and stores them) and the storefront (which asks for them through
// srcset) agree on names without the API spelling out every URL.

/** The widths made for a picture at least this wide; a narrower original stops at its own width. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1600] as const;

/** Best first: a browser takes the first <source> whose type it can show. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/**
 * The widths to make for an original this many pixels wide: the standard ones narrower than it, and
 * its own width when that is between two of them (capped at the largest), never wider than it is: a
 * copy never upscales.
 */
export function variantWidths(originalWidth: number): number[] {
  if (!Number.isSafeInteger(originalWidth) || originalWidth < 1) return [];
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < originalWidth);
  const top = Math.min(originalWidth, largest);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/**
 * A copy's name beside its original: `.../abc.jpg` -> `.../abc.w640.webp`. Works on a storage key
 * and on the URL it is served from alike (the URL ends with the key). Stored names are made by the
 * server (a uuid and an extension), so a copy's name can never be another original's.
 */
export function variantName(original: string, width: number, format: VariantFormat): string {
  const dot = original.lastIndexOf('.');
  const stem = dot > original.lastIndexOf('/') ? original.slice(0, dot) : original;
  return `${stem}.w${width}.${format}`;
}

/** A picture's srcset in one format: `url.w320.avif 320w, url.w640.avif 640w`. */
export function variantSrcset(url: string, widths: readonly number[], format: VariantFormat): string {
  return widths.map((w) => `${variantName(url, w, format)} ${w}w`).join(', ');
}
