// Media: the store's library of uploaded files (issue 14). Below catalogue and content: they ask it
// whether a file is in the library and tell it (through app.ts) where files are used.
export { mediaLibraryRoutes, type MediaLibraryOptions } from './routes';
export type { MediaUsage, MediaUsageFinder } from './usages';
export { libraryUrls, recordImportedFiles, type ImportedFile } from './service';
export { storageUnavailable } from './storage-errors';
export { PictureJob, queuePictureBackfill, type PictureJobDeps, type PictureSource } from './pictures/picture-job';
export { libraryPictureUrls, pictureSizes, type PictureSize } from './pictures/service';
// The daily housekeeping's part (decision 056).
export { mediaFolders, ORPHAN_GRACE_MS, unreferencedMediaKeys } from './housekeeping';
