import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiErrorBody } from '@shared/errors';
import { IMPORT_MESSAGES, isCsvName } from '@shared/imports';
import type { ImportBatch, ImportColumnsResponse, ImportDryRunResult, ImportErrorsResponse } from '@shared/import-schemas';
import { api, ApiError } from './api';

const BATCHES = '/api/imports/products/batches';
export const IMPORT_TEMPLATE_URL = '/api/imports/products/template.csv';

export const importKeys = {
  all: ['admin', 'imports'] as const,
  batches: ['admin', 'imports', 'batches'] as const,
  batch: (id: string) => ['admin', 'imports', 'batch', id] as const,
  columns: (id: string) => ['admin', 'imports', 'columns', id] as const,
  errors: (id: string, page: number) => ['admin', 'imports', 'errors', id, page] as const,
};

/** Statuses in which the batch changes on its own, so the screen reads it again. */
export const isImportRunning = (status: string) => status === 'processing' || status === 'validating';
/** How often a processing batch is read again: its counts move with every committed chunk. */
export const IMPORT_PROGRESS_POLL_MS = 1000;

/** The import history, newest first (spec §7). */
export function useImportBatches() {
  return useQuery({
    queryKey: importKeys.batches,
    queryFn: async () => (await api<{ batches: ImportBatch[] }>('GET', BATCHES)).batches,
    // A batch being processed changes on its own: look again while one is.
    refetchInterval: (query) => (query.state.data?.some((b) => b.status === 'processing' || b.status === 'validating') ? 5000 : false),
  });
}

export function useImportBatch(id: string) {
  return useQuery({
    queryKey: importKeys.batch(id),
    queryFn: async () => (await api<{ batch: ImportBatch }>('GET', `${BATCHES}/${id}`)).batch,
    // Progress: read again every second while processing; stops by itself once the import has ended.
    refetchInterval: (query) => (query.state.data && isImportRunning(query.state.data.status) ? IMPORT_PROGRESS_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** The browser's own check (spec §5): the name must end in .csv. The server reads the bytes anyway. */
export const checkCsvFile = (file: File): string | null => (isCsvName(file.name) ? null : IMPORT_MESSAGES.notCsv);

/**
 * PUT the file as the body to the batch's upload path. XMLHttpRequest rather than fetch: only it
 * reports upload progress. Failures become ApiError with the server's message, as api() does.
 */
export function sendImportFile(uploadPath: string, file: File, onProgress?: (fraction: number) => void): Promise<ImportBatch> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadPath);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      const data: unknown = xhr.response;
      if (xhr.status === 200 && data && typeof data === 'object' && 'batch' in data) return resolve((data as { batch: ImportBatch }).batch);
      if (isApiErrorBody(data)) return reject(new ApiError(xhr.status, data.error.code, data.error.message, data.error.fields ?? {}));
      reject(new ApiError(xhr.status, 'http_error', `The server answered ${xhr.status}.`));
    };
    xhr.send(file);
  });
}

/**
 * The spec's flow (§4): create the batch, then upload its file. When the upload fails the batch is
 * patched to failed (the server may have done so already) and the history reloads.
 */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const { batch, uploadPath } = await api<{ batch: ImportBatch; uploadPath: string }>('POST', BATCHES, { filename: file.name.slice(-255) });
      try {
        return await sendImportFile(uploadPath, file, onProgress);
      } catch (err) {
        await api('PATCH', `${BATCHES}/${batch.id}`, { status: 'failed' }).catch(() => undefined);
        throw err;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** Map Fields: the file's columns with sample values, the product fields, and the mapping to start from. */
export function useImportColumns(id: string, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.columns(id),
    queryFn: () => api<ImportColumnsResponse>('GET', `${BATCHES}/${id}/columns`),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** 'Save mapping and check file': the mapping is saved (and kept as the store's default), then the file is checked. */
export function useCheckImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mapping: Record<string, string | null>) => {
      await api<{ batch: ImportBatch }>('PUT', `${BATCHES}/${id}/mapping`, { mapping });
      return api<ImportDryRunResult & { batch: ImportBatch }>('POST', `${BATCHES}/${id}/dry-run`);
    },
    onSuccess: (result) => queryClient.setQueryData(importKeys.batch(id), result.batch),
    // The mapping may be saved even when the check then fails: the batch is read again.
    onError: () => queryClient.invalidateQueries({ queryKey: importKeys.batch(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.batches }),
  });
}

/**
 * Start the import (decision 025). skip_rejected confirms importing the valid products of a file whose
 * check rejected rows. The server answers the batch now 'processing', which the page then polls.
 */
export function useProcessImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (skipRejected: boolean) =>
      (await api<{ batch: ImportBatch }>('POST', `${BATCHES}/${id}/process`, skipRejected ? { skip_rejected: true } : {})).batch,
    onSuccess: (batch) => queryClient.setQueryData(importKeys.batch(id), batch),
    // A refusal (409) may mean the batch moved on (already started, mapping changed): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: importKeys.batch(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.batches }),
  });
}

/** View Details: one page of the rejected rows and picture warnings, in line order. */
export function useImportErrors(id: string, page: number, enabled = true) {
  return useQuery({
    queryKey: importKeys.errors(id, page),
    queryFn: () => api<ImportErrorsResponse>('GET', `${BATCHES}/${id}/errors?page=${page}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The rejected rows as a CSV (the file's own columns plus "Import errors"), to fix and upload again. */
export const rejectedRowsUrl = (id: string) => `${BATCHES}/${id}/rejected.csv`;
