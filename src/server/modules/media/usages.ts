import type { StoreTx } from '../../http/context';

/** A place that shows a library file; deleting the file is refused while any exists. */
export interface MediaUsage {
  kind: 'product' | 'category' | 'page' | 'menu';
  id: string;
  /** What staff recognise it by: a product's or category's name, a page's slug, a menu's name (its id is its key). */
  label: string;
}

/**
 * Finds where a file's URL is shown. Modules above media (catalogue, content) provide these; app.ts
 * hands them to the media routes (and the housekeeping to its orphaned-file check), so media needs no
 * import of its users. They read the store's rows only: the store's transaction is all they need.
 */
export type MediaUsageFinder = (ctx: StoreTx, url: string) => Promise<MediaUsage[]>;
