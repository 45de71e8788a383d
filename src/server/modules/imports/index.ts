// Imports: product CSV import batches (issue 15). Above catalogue: the later import steps write
// products through catalogue's index.ts; nothing imports this module but app.ts (and housekeeping,
// which removes abandoned uploads).
export { importRoutes } from './routes';
// The background job that processes a batch (decision 025), registered with the job runner by app.ts.
export { ImportJob, IMPORT_CHUNK_PRODUCTS, type ImportJobDeps } from './process/run-import';
// The daily housekeeping's part (decision 056).
export { deleteStaleUploads, importFilesInUse, importFolders, STALE_UPLOAD_MS } from './housekeeping';
