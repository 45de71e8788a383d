import sharp from 'sharp';
import { VARIANT_FORMATS, variantWidths, type VariantFormat } from '../../../../shared/pictures';

// One picture at a time on one libvips thread, with no operation cache: resizing runs beside the
// shop's requests on a small machine, so memory stays low (bench/pictures.ts: RSS under 300 MB during a
// 100-picture run) and the requests keep the other core. Decision 052.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Larger originals are not resized (the original is shown as it is): a picture of more pixels than
 * this is more likely a decompression bomb than a product photo (8000 x 6000 is 48 MP).
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Quality and speed: WebP near its default, AVIF at a low effort so a 12 MP photo takes under 2 s. */
export const ENCODE = {
  webp: { quality: 78, effort: 4 },
  avif: { quality: 50, effort: 1 },
} as const satisfies Record<VariantFormat, { quality: number; effort: number }>;

/** The bytes are not a picture sharp can read (corrupt, truncated, too many pixels): no copies, ever. */
export class UnreadablePicture extends Error {
  constructor(cause: unknown) {
    super(`The picture could not be read: ${cause instanceof Error ? cause.message : String(cause)}`.slice(0, 500));
    this.name = 'UnreadablePicture';
  }
}

export interface Measured {
  /** As shown: EXIF orientation applied (a portrait photo stored sideways is taller than wide). */
  width: number;
  height: number;
  /** Copies to make: none for a vector (SVG) or an animation (a still copy would lose the motion). */
  widths: number[];
}

const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/** The original's size as shown and which copies it gets. Throws UnreadablePicture. */
export async function measure(original: Buffer): Promise<Measured> {
  const meta = await sharp(original, INPUT)
    .metadata()
    .catch((err: unknown) => {
      throw new UnreadablePicture(err);
    });
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new UnreadablePicture('no pixel size');
  if (width * height > MAX_INPUT_PIXELS) throw new UnreadablePicture('too many pixels');
  const still = meta.format !== 'svg' && (meta.pages ?? 1) === 1;
  return { width, height, widths: still ? variantWidths(width) : [] };
}

export interface Copy {
  width: number;
  format: VariantFormat;
  body: Buffer;
}

/**
 * The copies, one at a time (the caller stores each before the next is made). The original is decoded
 * once, straight to the largest width (JPEG shrinks while decoding), and every smaller copy is made
 * from those pixels: a 4000 x 3000 photo is never held whole.
 */
export async function* resizedCopies(original: Buffer, widths: readonly number[]): AsyncGenerator<Copy> {
  if (widths.length === 0) return;
  const base = await sharp(original, INPUT)
    .autoOrient()
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => {
      throw new UnreadablePicture(err);
    });
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels as 1 | 2 | 3 | 4 };
  for (const width of widths) {
    for (const format of VARIANT_FORMATS) {
      const resized = sharp(base.data, { raw }).resize({ width, withoutEnlargement: true });
      const body = await (format === 'avif' ? resized.avif(ENCODE.avif) : resized.webp(ENCODE.webp)).toBuffer();
      yield { width, format, body };
    }
  }
}
