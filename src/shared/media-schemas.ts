import { z } from 'zod';
import { paginationSchema } from './pagination';
import { ALT_TEXT_MAX, MAX_PRODUCT_IMAGES, MEDIA_FILTERS, MEDIA_PAGE_SIZE, MEDIA_PAGE_SIZE_MAX, MEDIA_SEARCH_MAX, UPLOAD_KINDS } from './media';

/** Alt text: trimmed, bounded; empty means none (null). */
export const altText = z
  .string()
  .trim()
  .max(ALT_TEXT_MAX, `Alt text must be at most ${ALT_TEXT_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v : null));

export const uploadQuerySchema = z.strictObject({
  filename: z.string().trim().max(255, 'The file name must be at most 255 characters').optional(),
  /** 'images' where only a picture will do (product pictures); the library takes documents too. */
  kind: z.enum(UPLOAD_KINDS, { error: 'Kind must be all or images' }).default('all'),
});

const positiveInt = (max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

/** GET /api/admin/media: filename search, type filter, pages (lenient about unknown keys, as other lists). */
export const mediaListQuery = z.object({
  search: z.string().trim().max(MEDIA_SEARCH_MAX, `Search must be ${MEDIA_SEARCH_MAX} characters or fewer`).optional(),
  type: z.enum(MEDIA_FILTERS, { error: 'Type must be all, images or documents' }).default('all'),
  page: positiveInt(1_000_000, 'Page must be a whole number of 1 or more').default(1),
  limit: positiveInt(MEDIA_PAGE_SIZE_MAX, `Limit must be from 1 to ${MEDIA_PAGE_SIZE_MAX}`).default(MEDIA_PAGE_SIZE),
});
export type MediaListQuery = z.output<typeof mediaListQuery>;

/** PATCH /api/admin/media/{id} */
export const updateMediaSchema = z.strictObject({ alt_text: altText });

/** Attach an uploaded file: its key or the URL the upload answered, not both. */
export const addProductImageSchema = z
  .strictObject({
    key: z.string().trim().min(1).max(300).optional(),
    url: z.string().trim().min(1).max(2000).optional(),
    alt_text: altText.optional(),
  })
  .refine((v) => (v.key === undefined) !== (v.url === undefined), { message: 'Send the key or the url of an uploaded file', path: ['key'] });

export const updateProductImageSchema = z
  .strictObject({
    alt_text: altText.optional(),
    position: z.int('Position must be a whole number').min(0, 'Position must be 0 or more').max(MAX_PRODUCT_IMAGES - 1).optional(),
  })
  .refine((v) => v.alt_text !== undefined || v.position !== undefined, { message: 'Send alt_text or position', path: ['alt_text'] });

export const reorderProductImagesSchema = z.strictObject({
  image_ids: z.array(z.string().max(64)).min(1, 'List the product’s images in their new order').max(MAX_PRODUCT_IMAGES),
});

export type AddProductImageInput = z.infer<typeof addProductImageSchema>;
export type UpdateProductImageInput = z.infer<typeof updateProductImageSchema>;

// ---- Responses ----

/** POST /api/admin/media answer's file. */
export const uploadedFileSchema = z.object({ key: z.string(), url: z.string(), content_type: z.string(), size: z.number() });

/** A library file (admin spec §3 Media); path is the URL it is served from (also as url). */
export const mediaFileSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  filename: z.string(),
  path: z.string(),
  url: z.string(),
  storage_path: z.string(),
  mime_type: z.string(),
  file_size: z.number(),
  alt_text: z.string().nullable(),
  metadata_json: z.object({ originalName: z.string().optional(), uploadedAt: z.string().optional() }),
  created_at: z.string(),
});
export const mediaListResponse = z.object({ media: z.array(mediaFileSchema), pagination: paginationSchema });
export const mediaFileResponse = z.object({ media: mediaFileSchema });
/** Where a file is shown (DELETE answers 409 with these while there are any). */
export const mediaUsageSchema = z.object({ kind: z.enum(['product', 'category', 'page', 'menu']), id: z.string(), label: z.string() });

/** POST /api/admin/media (201): the stored file, its library row, and the file name when the upload named one. */
export const uploadResponse = z.object({ file: uploadedFileSchema, media: mediaFileSchema, filename: z.string().optional() });

export const productImageSchema = z.object({
  id: z.string(),
  image_url: z.string(),
  alt_text: z.string().nullable(),
  /** 0 is the thumbnail (storefront cards, product page, admin list). */
  position: z.number(),
  /** The storage key when the picture was uploaded to this store; null for other URLs. */
  key: z.string().nullable(),
  created_at: z.string(),
});

/** GET /api/admin/products/{id}/images */
export const productImagesResponse = z.object({
  product: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  images: z.array(productImageSchema),
});
/** POST (201) and PATCH of one picture. */
export const productImageResponse = z.object({ image: productImageSchema });
/** PUT /api/admin/products/{id}/images/order */
export const productImageListResponse = z.object({ images: z.array(productImageSchema) });
