import { z } from 'zod';
import { ALT_TEXT_MAX, MAX_PRODUCT_IMAGES } from './media';

/** Alt text: trimmed, bounded; empty means none (null). */
export const altText = z
  .string()
  .trim()
  .max(ALT_TEXT_MAX, `Alt text must be at most ${ALT_TEXT_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v : null));

export const uploadQuerySchema = z.strictObject({
  filename: z.string().trim().max(255, 'The file name must be at most 255 characters').optional(),
});

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
