import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/images';
import { resizePicture, UnreadablePicture, type Copy } from './resize';

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();

/** The size read and every copy made, as the job gets them. */
async function resize(original: Buffer) {
  const copies: Copy[] = [];
  const size = await resizePicture(original, async (copy) => {
    copies.push(copy);
  });
  return { size, copies };
}

describe('resizePicture (in its own process)', () => {
  it('makes each width in AVIF and WebP, at that width and the original proportions, never upscaled', async () => {
    const { size, copies } = await resize(await jpeg(1000, 500));
    expect(size).toEqual({ width: 1000, height: 500, widths: [320, 640, 960, 1000] });
    expect(copies.map((c) => `${c.width}.${c.format}`)).toEqual(['320.avif', '320.webp', '640.avif', '640.webp', '960.avif', '960.webp', '1000.avif', '1000.webp']);
    for (const copy of copies) {
      const meta = await sharp(copy.body).metadata();
      expect([meta.width, meta.height]).toEqual([copy.width, copy.width / 2]);
      expect(meta.format).toBe(copy.format === 'avif' ? 'heif' : 'webp');
    }
    const small = await resize(makePng(200, 100));
    expect(small.size).toEqual({ width: 200, height: 100, widths: [200] });
    expect((await sharp(small.copies[0].body).metadata()).width).toBe(200);
  });

  it('a portrait photo stored sideways (EXIF orientation 6) is measured and copied as shown', async () => {
    const sideways = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { size, copies } = await resize(sideways);
    expect(size).toMatchObject({ width: 600, height: 800 });
    const meta = await sharp(copies.at(-1)!.body).metadata();
    expect([meta.width, meta.height]).toEqual([600, 800]);
  });

  it('an SVG is measured but gets no copies (it is sharp at any size)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="red"/></svg>');
    expect(await resize(svg)).toEqual({ size: { width: 640, height: 480, widths: [] }, copies: [] });
  });

  it('refuses bytes that are not a readable picture', async () => {
    await expect(resize(makePng(40, 40).subarray(0, 30))).rejects.toBeInstanceOf(UnreadablePicture);
    await expect(resize(Buffer.from('not a picture at all'))).rejects.toBeInstanceOf(UnreadablePicture);
  });

  it('a failure to store a copy stops it with that error (the job is then tried again)', async () => {
    await expect(
      resizePicture(await jpeg(700, 700), async () => {
        throw new Error('bucket unreachable');
      }),
    ).rejects.toThrow('bucket unreachable');
  });
});
