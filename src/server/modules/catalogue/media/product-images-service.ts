import { z } from 'zod';
import type { TenantCtx } from '../../../http/context';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { contentTypeOf, isValidKey, mediaPrefix, tenantOfKey, type FileStorage } from '../../../adapters/storage/storage';
import { MAX_PRODUCT_IMAGES, type ProductImage, type ProductImagesResponse } from '../../../../shared/media';
import type { AddProductImageInput, UpdateProductImageInput } from '../../../../shared/media-schemas';
import * as repo from './product-images-repo';
import { libraryUrls, storageUnavailable } from '../../media';

const isUuid = (id: string) => z.uuid().safeParse(id).success;

function toImage(row: repo.ImageRow, storage: FileStorage, tenantId: string): ProductImage {
  const key = storage.keyOf(row.image_url);
  return {
    id: row.id,
    image_url: row.image_url,
    alt_text: row.alt_text,
    position: row.position,
    key: key && tenantOfKey(key) === tenantId ? key : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The product, or the same 404 whether it is missing or another store's. */
async function productOr404(ctx: TenantCtx, productId: string, lock = false) {
  const product = isUuid(productId) ? await repo.findProduct(ctx, productId, lock) : null;
  if (!product) throw notFound('Product not found');
  return product;
}

async function imageOr404(ctx: TenantCtx, productId: string, imageId: string) {
  const images = await repo.listImages(ctx, productId);
  const image = isUuid(imageId) ? images.find((i) => i.id === imageId) : undefined;
  if (!image) throw notFound('Image not found');
  return { image, images };
}

export async function listProductImages(ctx: TenantCtx, storage: FileStorage, productId: string): Promise<ProductImagesResponse> {
  const product = await productOr404(ctx, productId);
  const images = await repo.listImages(ctx, productId);
  return { product, images: images.map((row) => toImage(row, storage, ctx.tenantId)) };
}

/**
 * Attaches a file uploaded to this store (POST /api/admin/media) as the product's last picture.
 * Only this store's own uploads: a key or URL outside tenants/{tenantId}/media/ is refused.
 */
export async function addProductImage(ctx: TenantCtx, storage: FileStorage, productId: string, input: AddProductImageInput): Promise<ProductImage> {
  await productOr404(ctx, productId, true);
  const field = input.key !== undefined ? 'key' : 'url';
  const key = input.key ?? storage.keyOf(input.url!);
  if (!key || !isValidKey(key) || !key.startsWith(mediaPrefix(ctx.tenantId))) {
    throw badRequest('Only pictures uploaded to this store can be added. Upload the picture first.', { [field]: 'Not a file uploaded to this store' });
  }
  if (!isPictureKey(key)) throw badRequest('Only pictures can be shown on a product. Choose a JPEG, PNG, WebP, GIF or AVIF image.', { [field]: 'Not a picture' });
  const url = storage.urlOf(key);
  // A library file stays locked until this commits, so it cannot be deleted from the library meanwhile.
  const inLibrary = (await libraryUrls(ctx, [url], { hold: true })).has(url);
  const exists = await storage.exists(key).catch((err: unknown) => {
    throw storageUnavailable(err);
  });
  if (!exists) throw badRequest(inLibrary ? 'The file is no longer in the library. Choose another picture.' : 'The uploaded file was not found. Upload the picture again.', { [field]: 'File not found' });

  const images = await repo.listImages(ctx, productId);
  if (images.some((i) => i.image_url === url)) throw conflict('duplicate_image', 'This picture is already on this product.', { [field]: 'Already added' });
  if (images.length >= MAX_PRODUCT_IMAGES) throw conflict('too_many_images', `A product can have at most ${MAX_PRODUCT_IMAGES} pictures. Remove one first.`);
  const row = await repo.insertImage(ctx, productId, { imageUrl: url, altText: input.alt_text ?? null, position: images.length });
  // Keep positions 0..n-1 even if older rows had gaps.
  await repo.setOrder(ctx, productId, [...images.map((i) => i.id), row.id]);
  return toImage({ ...row, position: images.length }, storage, ctx.tenantId);
}

/** Alt text and/or a move to another position (the others shift to make room). */
export async function updateProductImage(ctx: TenantCtx, storage: FileStorage, productId: string, imageId: string, input: UpdateProductImageInput): Promise<ProductImage> {
  await productOr404(ctx, productId, true);
  const { image, images } = await imageOr404(ctx, productId, imageId);
  if (input.alt_text !== undefined) await repo.updateAltText(ctx, productId, imageId, input.alt_text);
  let position = images.indexOf(image);
  if (input.position !== undefined) {
    const others = images.filter((i) => i.id !== imageId).map((i) => i.id);
    position = Math.min(input.position, others.length);
    others.splice(position, 0, imageId);
    await repo.setOrder(ctx, productId, others);
  }
  return toImage({ ...image, alt_text: input.alt_text !== undefined ? input.alt_text : image.alt_text, position }, storage, ctx.tenantId);
}

/** The whole order at once: image_ids must list every picture of the product exactly once. */
export async function reorderProductImages(ctx: TenantCtx, storage: FileStorage, productId: string, imageIds: string[]): Promise<ProductImage[]> {
  await productOr404(ctx, productId, true);
  const images = await repo.listImages(ctx, productId);
  const known = new Set(images.map((i) => i.id));
  const given = new Set(imageIds);
  if (given.size !== imageIds.length || given.size !== known.size || imageIds.some((id) => !known.has(id))) {
    throw badRequest("List every one of this product's pictures once, in the new order.", { image_ids: 'Must list each picture of this product once' });
  }
  await repo.setOrder(ctx, productId, imageIds);
  const byId = new Map(images.map((i) => [i.id, i]));
  return imageIds.map((id, position) => toImage({ ...byId.get(id)!, position }, storage, ctx.tenantId));
}

/** A stored picture the storefront can show (by the server-made extension; documents and SVG are not). */
function isPictureKey(key: string): boolean {
  const type = contentTypeOf(key);
  return type.startsWith('image/') && type !== 'image/svg+xml';
}

/**
 * Called after picture rows were removed in this transaction: the keys of files to delete once it has
 * committed. Only this store's own uploads, only those nothing in the store still shows, and never a
 * media library file: the library keeps its files until they are deleted there (decision 020). Seeded
 * pictures and outside URLs are never deleted.
 */
export async function unusedUploadKeys(ctx: TenantCtx, storage: FileStorage, urls: string[]): Promise<string[]> {
  const candidates = [...new Set(urls)].filter((url) => storage.keyOf(url)?.startsWith(mediaPrefix(ctx.tenantId)));
  const kept = await libraryUrls(ctx, candidates);
  const keys: string[] = [];
  for (const url of candidates) {
    if (!kept.has(url) && !(await repo.isUrlStillUsed(ctx, url))) keys.push(storage.keyOf(url)!);
  }
  return keys;
}

/** Removes the picture and closes the gap; answers its file's key when the file should go (unusedUploadKeys). */
export async function deleteProductImage(ctx: TenantCtx, storage: FileStorage, productId: string, imageId: string): Promise<string | null> {
  await productOr404(ctx, productId, true);
  const { image, images } = await imageOr404(ctx, productId, imageId);
  await repo.deleteImage(ctx, productId, imageId);
  await repo.setOrder(ctx, productId, images.filter((i) => i.id !== imageId).map((i) => i.id));
  const [key] = await unusedUploadKeys(ctx, storage, [image.image_url]);
  return key ?? null;
}
