import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiErrorBody } from '@shared/errors';
import {
  DOCUMENT_CONTENT_TYPES,
  IMAGE_CONTENT_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type MediaFile,
  type MediaFilter,
  type MediaListResponse,
  type MediaUsageItem,
  type ProductImage,
  type ProductImagesResponse,
  type UploadedFile,
  type UploadKind,
  type UploadResponse,
} from '@shared/media';
import { api, ApiError } from './api';
import { catalogKeys } from './query-keys';

/** Admin pictures: under ['admin', 'products'] so a change also refreshes the admin product list's thumbnails. */
export const mediaKeys = {
  productImages: (productId: string) => ['admin', 'products', productId, 'images'] as const,
  /** The media library: every list (any search, filter, page) starts with this. */
  library: ['admin', 'media'] as const,
  libraryList: (params: { search: string; type: string; page: number; limit: number }) => ['admin', 'media', 'list', params] as const,
};

const ACCEPTED_TYPES = new Set(Object.values(IMAGE_CONTENT_TYPES));
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp|gif|avif)$/i;
const DOCUMENT_TYPES = new Set(Object.values(DOCUMENT_CONTENT_TYPES));
const DOCUMENT_EXTENSIONS = /\.pdf$/i;

/**
 * The browser's own check before sending: declared type and size. The server reads the real type
 * from the bytes, so a text file named .png passes here and is refused there with its message.
 */
export function checkImageFile(file: File): string | null {
  if (file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)) return UPLOAD_MESSAGES.svg;
  if (file.type ? !ACCEPTED_TYPES.has(file.type) : !ACCEPTED_EXTENSIONS.test(file.name)) return UPLOAD_MESSAGES.notImage;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/**
 * The media library's check before sending: pictures (as checkImageFile) or PDF documents, by declared
 * type or, when the browser gives none, by extension. The server reads the bytes anyway.
 */
export function checkLibraryFile(file: File, kind: UploadKind = 'all'): string | null {
  if (kind === 'images') return checkImageFile(file);
  if (file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)) return UPLOAD_MESSAGES.svg;
  const known = file.type ? ACCEPTED_TYPES.has(file.type) || DOCUMENT_TYPES.has(file.type) : ACCEPTED_EXTENSIONS.test(file.name) || DOCUMENT_EXTENSIONS.test(file.name);
  if (!known) return UPLOAD_MESSAGES.unsupported;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** A product picture upload: pictures only; answers the stored file (its library row is written too). */
export async function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<UploadedFile> {
  return (await uploadFile(file, { kind: 'images', onProgress })).file;
}

/**
 * POST /api/admin/media with the file as the body. XMLHttpRequest rather than fetch: only it reports
 * upload progress. Failures become ApiError with the server's message, as api() does. Answers the
 * stored file and its library row.
 */
export function uploadFile(file: File, { kind = 'all', onProgress }: { kind?: UploadKind; onProgress?: (fraction: number) => void } = {}): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/media?filename=${encodeURIComponent(file.name.slice(0, 255))}${kind === 'images' ? '&kind=images' : ''}`);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      const data: unknown = xhr.response;
      if (xhr.status === 201 && data && typeof data === 'object' && 'file' in data) return resolve(data as UploadResponse);
      if (isApiErrorBody(data)) return reject(new ApiError(xhr.status, data.error.code, data.error.message, data.error.fields ?? {}));
      reject(new ApiError(xhr.status, 'http_error', `The server answered ${xhr.status}.`));
    };
    xhr.send(file);
  });
}

const imagesPath = (productId: string) => `/api/admin/products/${productId}/images`;

/** A saved product's pictures; nothing is asked while there is no product yet (null). */
export function useProductImages(productId: string | null) {
  return useQuery({
    queryKey: mediaKeys.productImages(productId ?? ''),
    queryFn: () => api<ProductImagesResponse>('GET', imagesPath(productId!)),
    enabled: productId !== null,
  });
}

/** After any picture change: this list, the admin product list and the storefront's copies. */
function useRefresh(productId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: mediaKeys.productImages(productId) });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    // An upload from a product's card joins the library too.
    void queryClient.invalidateQueries({ queryKey: mediaKeys.library });
  };
}

/** Adds a library file (picked in the media picker) as the product's last picture, by its URL. */
export function useAddLibraryImage(productId: string) {
  const refresh = useRefresh(productId);
  return useMutation({
    mutationFn: async ({ url, alt_text }: { url: string; alt_text: string | null }) => (await api<{ image: ProductImage }>('POST', imagesPath(productId), { url, alt_text })).image,
    onSettled: refresh,
  });
}

/** Uploads one file and adds it as the product's last picture. */
export function useAddProductImage(productId: string) {
  const refresh = useRefresh(productId);
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const uploaded = await uploadMedia(file, onProgress);
      return (await api<{ image: ProductImage }>('POST', imagesPath(productId), { key: uploaded.key })).image;
    },
    onSettled: refresh,
  });
}

export function useUpdateProductImage(productId: string) {
  const refresh = useRefresh(productId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; alt_text?: string | null; position?: number }) => api<{ image: ProductImage }>('PATCH', `${imagesPath(productId)}/${id}`, body),
    onSettled: refresh,
  });
}

/** The new order shows at once; a failure puts the server's order back. */
export function useReorderProductImages(productId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(productId);
  const key = mediaKeys.productImages(productId);
  return useMutation({
    mutationFn: (imageIds: string[]) => api<{ images: ProductImage[] }>('PUT', `${imagesPath(productId)}/order`, { image_ids: imageIds }),
    onMutate: async (imageIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProductImagesResponse>(key);
      if (previous) {
        const byId = new Map(previous.images.map((i) => [i.id, i]));
        queryClient.setQueryData<ProductImagesResponse>(key, { ...previous, images: imageIds.map((id, position) => ({ ...byId.get(id)!, position })) });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: refresh,
  });
}

export function useDeleteProductImage(productId: string) {
  const refresh = useRefresh(productId);
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `${imagesPath(productId)}/${id}`),
    onSettled: refresh,
  });
}

// ---- The media library (admin spec §2 Media Library, §7 Media) ----

export interface MediaListParams {
  search: string;
  type: MediaFilter;
  page: number;
  limit: number;
}

export function useMediaLibrary(params: MediaListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mediaKeys.libraryList(params),
    queryFn: () => {
      const query = new URLSearchParams({ type: params.type, page: String(params.page), limit: String(params.limit) });
      if (params.search) query.set('search', params.search);
      return api<MediaListResponse>('GET', `/api/admin/media?${query}`);
    },
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

function useRefreshLibrary() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: mediaKeys.library });
}

/** An upload into the library (pictures and PDFs, or pictures only); the lists refresh afterwards. */
export function useUploadToLibrary() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ file, kind, onProgress }: { file: File; kind?: UploadKind; onProgress?: (fraction: number) => void }) => uploadFile(file, { kind, onProgress }),
    onSettled: refresh,
  });
}

export function useUpdateMediaAltText() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ id, alt_text }: { id: string; alt_text: string | null }) => api<{ media: MediaFile }>('PATCH', `/api/admin/media/${id}`, { alt_text }).then((r) => r.media),
    onSettled: refresh,
  });
}

/** A delete the server refused because the file is still shown somewhere: the places, with its message. */
export class MediaInUseError extends ApiError {
  constructor(
    message: string,
    readonly usages: MediaUsageItem[],
  ) {
    super(409, 'media_in_use', message);
    this.name = 'MediaInUseError';
  }
}

/**
 * DELETE /api/admin/media/{id}: a refusal (409) becomes MediaInUseError with where the file is used,
 * read from the same answer (api() keeps only the error part, so this call reads the body itself).
 */
export async function deleteMedia(id: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/media/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return;
  const data: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(data)) {
    const usages = (data as { usages?: unknown }).usages;
    if (data.error.code === 'media_in_use') throw new MediaInUseError(data.error.message, Array.isArray(usages) ? (usages as MediaUsageItem[]) : []);
    throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields ?? {});
  }
  throw new ApiError(response.status, 'http_error', `The server answered ${response.status}.`);
}

export function useDeleteMedia() {
  const refresh = useRefreshLibrary();
  return useMutation({ mutationFn: deleteMedia, onSettled: refresh });
}

/** The storage key inside a library file's URL (/files/<key>, or a public bucket URL ending in it). */
export function keyOfLibraryUrl(url: string): string | null {
  return /(tenants\/[0-9a-f-]{36}\/media\/[a-z0-9][a-z0-9._-]{0,120})$/.exec(url)?.[1] ?? null;
}
