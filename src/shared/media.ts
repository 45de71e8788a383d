// Uploads and product pictures: limits, messages and the type check shared by the server (which
// decides) and the admin screen (which checks first, to answer at once). No Zod here: see media-schemas.ts
// (imported for types only, which the bundler drops).
import type { z } from 'zod';
import type { mediaFileSchema, mediaListResponse, mediaUsageSchema, productImageSchema, productImagesResponse, uploadedFileSchema, uploadResponse } from './media-schemas';

/** Largest upload (issue 5: uploads check type and size). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '10 MB';
/** Pictures one product can have; each is a request on the product page. */
export const MAX_PRODUCT_IMAGES = 20;
export const ALT_TEXT_MAX = 250;

export type ImageType = 'jpg' | 'png' | 'webp' | 'gif' | 'avif';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** What the file picker offers. */
export const IMAGE_ACCEPT = Object.values(IMAGE_CONTENT_TYPES).join(',');

/** Documents the media library takes besides pictures (decision 020): PDF only, read from its bytes. */
export type DocumentType = 'pdf';
export const DOCUMENT_CONTENT_TYPES: Record<DocumentType, string> = { pdf: 'application/pdf' };
export type UploadType = ImageType | DocumentType;
export const UPLOAD_CONTENT_TYPES: Record<UploadType, string> = { ...IMAGE_CONTENT_TYPES, ...DOCUMENT_CONTENT_TYPES };
/** What the media library's file picker offers: pictures and PDF documents. */
export const LIBRARY_ACCEPT = Object.values(UPLOAD_CONTENT_TYPES).join(',');
/** What an upload takes: 'images' (product pictures, heroes) or 'all' (the library: pictures and documents). */
export const UPLOAD_KINDS = ['all', 'images'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_MESSAGES = {
  empty: 'The file is empty. Choose a file to upload.',
  tooLarge: `The file is larger than ${MAX_UPLOAD_LABEL}. Choose a smaller file.`,
  notImage: 'This file is not a supported picture. Upload a JPEG, PNG, WebP, GIF or AVIF image.',
  unsupported: 'This file type is not supported. Upload a JPEG, PNG, WebP, GIF or AVIF image, or a PDF document.',
  svg: 'SVG files are not accepted because they can carry scripts. Upload a JPEG, PNG, WebP, GIF or AVIF image.',
} as const;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The real type of a picture from its first bytes (magic numbers), whatever its name or declared type
 * says; null for anything else, SVG included. 32 bytes are enough for every type here.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO media file: a 'ftyp' box whose major or compatible brands name AVIF (still or sequence).
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = (bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3];
    const end = Math.min(boxSize >= 16 ? boxSize : 16, bytes.length);
    for (let at = 8; at + 4 <= end; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/** An SVG (or other XML) file: text starting with '<' after an optional byte-order mark and blanks. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder().decode(bytes.subarray(0, 512)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg')) || (text.startsWith('<!doctype svg'));
}

/** The refusal for bytes that are not an accepted picture. */
export const notImageMessage = (bytes: Uint8Array) => (looksLikeSvg(bytes) ? UPLOAD_MESSAGES.svg : UPLOAD_MESSAGES.notImage);

/**
 * A PDF by its bytes: the '%PDF-1.x' or '%PDF-2.x' header at the very start and the '%%EOF' marker in
 * the last kilobyte, as every complete PDF has. A text or HTML file renamed .pdf, or sent as
 * application/pdf, has neither and is refused (decision 020).
 */
export function detectDocumentType(bytes: Uint8Array): DocumentType | null {
  if (bytes.length < 16 || !/^%PDF-[12]\.\d/.test(ascii(bytes, 0, 8))) return null;
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return tail.includes('%%EOF') ? 'pdf' : null;
}

/** What an upload of this kind accepts, from its bytes; null when refused (see uploadRefusal). */
export function detectUploadType(bytes: Uint8Array, kind: UploadKind): UploadType | null {
  return detectImageType(bytes) ?? (kind === 'all' ? detectDocumentType(bytes) : null);
}

/** The refusal for bytes an upload of this kind does not take. */
export function uploadRefusal(bytes: Uint8Array, kind: UploadKind): string {
  if (looksLikeSvg(bytes)) return UPLOAD_MESSAGES.svg;
  return kind === 'images' ? UPLOAD_MESSAGES.notImage : UPLOAD_MESSAGES.unsupported;
}

// ---- The media library (admin spec §2 Media Library, §3 Media) ----

export const MEDIA_FILTERS = ['all', 'images', 'documents'] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number];
export const MEDIA_PAGE_SIZE = 40;
export const MEDIA_PAGE_SIZE_MAX = 100;
export const MEDIA_SEARCH_MAX = 100;
export const isImageMime = (mime: string) => mime.startsWith('image/');

/** Spec §8 toasts, and the library's other wording. */
export const MEDIA_MESSAGES = {
  loadFailed: 'Failed to load media files',
  noTenant: 'Tenant unavailable',
  uploadFailed: 'Upload failed',
  deleteFailed: 'Delete failed',
  success: 'Success',
  notFound: 'File not found',
} as const;

/** POST /api/admin/media answer. */
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export type ProductImage = z.infer<typeof productImageSchema>;
export type ProductImagesResponse = z.infer<typeof productImagesResponse>;
export type UploadResponse = z.infer<typeof uploadResponse>;
export type MediaFile = z.infer<typeof mediaFileSchema>;
export type MediaListResponse = z.infer<typeof mediaListResponse>;
export type MediaUsageItem = z.infer<typeof mediaUsageSchema>;
