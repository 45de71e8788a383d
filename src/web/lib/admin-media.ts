import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiErrorBody } from '@shared/errors';
import { IMAGE_CONTENT_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type ProductImage, type ProductImagesResponse, type UploadedFile } from '@shared/media';
import { api, ApiError } from './api';
import { catalogKeys, mediaKeys } from './query-keys';

const ACCEPTED_TYPES = new Set(Object.values(IMAGE_CONTENT_TYPES));
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp|gif|avif)$/i;

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
 * POST /api/admin/media with the file as the body. XMLHttpRequest rather than fetch: only it reports
 * upload progress. Failures become ApiError with the server's message, as api() does.
 */
export function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/media?filename=${encodeURIComponent(file.name.slice(0, 255))}`);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      const data: unknown = xhr.response;
      if (xhr.status === 201 && data && typeof data === 'object' && 'file' in data) return resolve((data as { file: UploadedFile }).file);
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
  };
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
