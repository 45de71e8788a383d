// Makes one picture's resized copies in a process of its own (decision 052), forked by resize.ts and
// ended when the picture is done. libvips allocates on many threads, and glibc keeps what they freed:
// in the server's own process that grew its resident set by 300 MB or more over 100 photos. Here the
// memory goes back when the process ends, and a picture that crashes libvips ends this process, not
// the shop. Plain JavaScript, like pglite-worker.mjs: it runs as it is from src/ and from dist/server/.
//
// The conversation (process messages, advanced serialization so Buffers pass as they are):
//   parent: { original }             child: { measured: { width, height, still } } or { unreadable }
//   parent: { widths }               child: { copy: { width, format, body } } for each, then { done }
import sharp from 'sharp';

// One libvips thread and no operation cache: the server keeps the other core (decision 052).
sharp.cache(false);
sharp.concurrency(1);

/** Larger originals are not resized (shown as they are): more likely a decompression bomb than a photo. */
const MAX_INPUT_PIXELS = 50_000_000;
const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };
/** WebP near its default; AVIF at a low effort, so a 12 MP photo takes under 2 s (bench/pictures.ts). */
export const ENCODE = { webp: { quality: 78, effort: 4 }, avif: { quality: 50, effort: 1 } };
const FORMATS = ['avif', 'webp'];

const send = (message) => new Promise((resolve, reject) => process.send(message, (err) => (err ? reject(err) : resolve())));
const next = () => new Promise((resolve) => process.once('message', resolve));
const unreadable = (err) => send({ unreadable: String(err instanceof Error ? err.message : err).slice(0, 400) });

async function main() {
  const { original } = await next();
  let meta;
  try {
    meta = await sharp(original, INPUT).metadata();
  } catch (err) {
    return unreadable(err);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) return unreadable('no pixel size');
  if (width * height > MAX_INPUT_PIXELS) return unreadable('too many pixels');
  await send({ measured: { width, height, still: meta.format !== 'svg' && (meta.pages ?? 1) === 1 } });
  const { widths } = await next();
  if (widths.length) {
    // Decoded once, straight to the largest width (JPEG shrinks while decoding); every copy from those pixels.
    let base;
    try {
      base = await sharp(original, INPUT).autoOrient().resize({ width: Math.max(...widths), withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    } catch (err) {
      return unreadable(err);
    }
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    for (const w of widths) {
      for (const format of FORMATS) {
        const resized = sharp(base.data, { raw }).resize({ width: w, withoutEnlargement: true });
        const body = await (format === 'avif' ? resized.avif(ENCODE.avif) : resized.webp(ENCODE.webp)).toBuffer();
        await send({ copy: { width: w, format, body } });
      }
    }
  }
  await send({ done: true });
}

if (process.send) {
  main().then(
    () => process.disconnect(),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
