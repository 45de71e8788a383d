import { describe, expect, it } from 'vitest';
import { escapeXml, renderProductImage } from './product-image';
import type { SeedImageMotif } from './catalogue-types';

// Written as an object so the compiler fails this file if a motif is added to the type but not here.
const MOTIFS = Object.keys({
  mug: true, plate: true, bowl: true, teapot: true, pan: true, knife: true, board: true, jar: true,
  lamp: true, candle: true, cushion: true, throw: true, vase: true, plant: true, pot: true, mirror: true, clock: true, frame: true,
  chair: true, table: true, shelf: true, basket: true, towel: true, soap: true,
  'watering-can': true, trowel: true, gloves: true, seeds: true, 'bird-feeder': true, lantern: true,
  drill: true, hammer: true, screwdriver: true, saw: true, spanner: true, tape: true, toolbox: true, ladder: true, torch: true, paint: true,
} satisfies Record<SeedImageMotif, true>) as SeedImageMotif[];

const ALT = 'Sage "green" mug & saucer <on a shelf>';
const NAMESPACE = 'http://www.w3.org/2000/svg';

describe('renderProductImage', () => {
  it.each(MOTIFS)('draws %s as a standalone SVG with its alt text as the title', (motif) => {
    const svg = renderProductImage({ motif, hue: 100, alt: ALT });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain(`xmlns="${NAMESPACE}"`);
    expect(svg).toContain('viewBox="0 0 800 800"');
    expect(svg).toContain(`<title>${escapeXml(ALT)}</title>`);
    expect(svg).not.toContain(ALT);
    expect(svg).not.toContain('<text');
    expect(svg.split(NAMESPACE).join('')).not.toMatch(/https?:/);
    expect(svg).not.toMatch(/NaN|undefined/);
    expect(svg).toMatch(/hsl\(/);
  });

  it.each(MOTIFS)('draws %s the same way every time', (motif) => {
    expect(renderProductImage({ motif, hue: 215, alt: 'x' })).toBe(renderProductImage({ motif, hue: 215, alt: 'x' }));
  });

  it('gives every motif its own drawing', () => {
    const drawings = MOTIFS.map((motif) => renderProductImage({ motif, hue: 30, alt: 'same' }));
    expect(new Set(drawings).size).toBe(MOTIFS.length);
  });

  it('colours the picture from the hue', () => {
    const sage = renderProductImage({ motif: 'mug', hue: 100, alt: 'mug' });
    const navy = renderProductImage({ motif: 'mug', hue: 220, alt: 'mug' });
    expect(sage).not.toBe(navy);
    expect(sage).toContain('hsl(100,');
    expect(navy).toContain('hsl(220,');
  });

  it('sets the pixel size but keeps the 800 canvas', () => {
    const small = renderProductImage({ motif: 'lamp', hue: 40, alt: 'lamp' }, 400);
    expect(small).toMatch(/^<svg[^>]* width="400" height="400"/);
    expect(small).toContain('viewBox="0 0 800 800"');
    expect(renderProductImage({ motif: 'lamp', hue: 40, alt: 'lamp' })).toMatch(/^<svg[^>]* width="800" height="800"/);
  });
});

describe('escapeXml', () => {
  it('escapes the characters that break XML', () => {
    expect(escapeXml('Salt & Pepper <Mill> "Large"')).toBe('Salt &amp; Pepper &lt;Mill&gt; &quot;Large&quot;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
    expect(escapeXml('Plain text')).toBe('Plain text');
  });
});
