import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/images';
import { measure, resizedCopies, UnreadablePicture } from './resize';

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();

describe('measure', () => {
  it('reads the size and the copies a photo gets', async () => {
    expect(await measure(await jpeg(1000, 750))).toEqual({ width: 1000, height: 750, widths: [320, 640, 960, 1000] });
    expect(await measure(makePng(200, 100))).toEqual({ width: 200, height: 100, widths: [200] });
  });

  it('a portrait photo stored sideways (EXIF orientation 6) is measured as shown', async () => {
    const sideways = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await measure(sideways)).toMatchObject({ width: 600, height: 800 });
  });

  it('an SVG is measured but gets no copies (it is sharp at any size)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="red"/></svg>');
    expect(await measure(svg)).toEqual({ width: 640, height: 480, widths: [] });
  });

  it('refuses bytes that are not a readable picture', async () => {
    const png = makePng(40, 40);
    await expect(measure(png.subarray(0, 30))).rejects.toBeInstanceOf(UnreadablePicture);
    await expect(measure(Buffer.from('not a picture at all'))).rejects.toBeInstanceOf(UnreadablePicture);
  });
});

describe('resizedCopies', () => {
  it('makes each width in AVIF and WebP, at that width and the original proportions', async () => {
    const made: string[] = [];
    for await (const copy of resizedCopies(await jpeg(1000, 500), [320, 640, 1000])) {
      const meta = await sharp(copy.body).metadata();
      made.push(`${copy.width}.${copy.format}`);
      expect(meta.width).toBe(copy.width);
      expect(meta.height).toBe(copy.width / 2);
      expect(meta.format).toBe(copy.format === 'avif' ? 'heif' : 'webp');
    }
    expect(made).toEqual(['320.avif', '320.webp', '640.avif', '640.webp', '1000.avif', '1000.webp']);
  });

  it('never upscales, even when asked for a width past the original', async () => {
    for await (const copy of resizedCopies(makePng(100, 50), [400])) expect((await sharp(copy.body).metadata()).width).toBe(100);
  });
});
