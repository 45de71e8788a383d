import { describe, expect, it } from 'vitest';
import { detectDocumentType, detectImageType, detectUploadType, looksLikeSvg, notImageMessage, UPLOAD_MESSAGES, uploadRefusal } from './media';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('detectImageType', () => {
  it.each([
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xdb])],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['gif', bytes('GIF87a')],
    ['gif', bytes('GIF89a')],
    ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L')],
    ['avif', bytes([0, 0, 0, 0x18], 'ftypavif', [0, 0, 0, 0], 'mif1')],
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'miafavis')], // AVIF only among compatible brands
  ])('knows %s by its first bytes', (type, data) => {
    expect(detectImageType(data)).toBe(type);
  });

  it.each([
    ['text', bytes('hello, this is text')],
    ['truncated PNG', bytes([0x89], 'PNG')],
    ['RIFF that is not WebP', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1')],
    ['avif brand past the ftyp box', bytes([0, 0, 0, 0x10], 'ftypmif1', [0, 0, 0, 0], 'avif')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, data) => {
    expect(detectImageType(data)).toBeNull();
  });
});

describe('SVG refusal message', () => {
  it('names SVG for SVG files (with a byte-order mark, XML prolog or doctype) and not for other text', () => {
    expect(looksLikeSvg(bytes([0xef, 0xbb, 0xbf], '  <svg>'))).toBe(true);
    expect(looksLikeSvg(bytes('<?xml version="1.0"?><!-- x --><svg/>'))).toBe(true);
    expect(looksLikeSvg(bytes('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"><svg/>'))).toBe(true);
    expect(notImageMessage(bytes('<svg/>'))).toBe(UPLOAD_MESSAGES.svg);
    expect(notImageMessage(bytes('<html></html>'))).toBe(UPLOAD_MESSAGES.notImage);
  });
});

describe('PDF documents (decision 020)', () => {
  const pdf = (head: string, body = ' 1 0 obj << >> endobj ', tail = '\n%%EOF\n') => bytes(head, body, tail);
  it('knows a PDF by its header at byte 0 and its %%EOF marker', () => {
    expect(detectDocumentType(pdf('%PDF-1.4\n'))).toBe('pdf');
    expect(detectDocumentType(pdf('%PDF-2.0\n'))).toBe('pdf');
    expect(detectUploadType(pdf('%PDF-1.7\n'), 'all')).toBe('pdf');
  });

  it.each([
    ['HTML named .pdf', bytes('<html><body>invoice</body></html>')],
    ['a header and nothing else', bytes('%PDF-1.4')],
    ['no %%EOF', pdf('%PDF-1.4\n', ' x ', '\n')],
    ['bytes before the header', pdf(' %PDF-1.4\n')],
    ['an unknown version', pdf('%PDF-9.1\n')],
  ])('refuses %s', (_name, data) => {
    expect(detectDocumentType(data)).toBeNull();
  });

  it('takes pictures only when the upload is for pictures, with the matching message', () => {
    expect(detectUploadType(pdf('%PDF-1.4\n'), 'images')).toBeNull();
    expect(uploadRefusal(pdf('%PDF-1.4\n'), 'images')).toBe(UPLOAD_MESSAGES.notImage);
    expect(uploadRefusal(bytes('plain text'), 'all')).toBe(UPLOAD_MESSAGES.unsupported);
    expect(uploadRefusal(bytes('<svg/>'), 'all')).toBe(UPLOAD_MESSAGES.svg);
  });
});
