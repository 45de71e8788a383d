import type { TenantCtx } from '../../../http/context';
import type { ProductDraft, RowError } from '../../../../shared/import/rows';

// Writes a chunk of imported products (issue 15 item 3, decision 025) through the catalogue's own rules,
// in the caller's transaction: FRAME, filled in by the catalogue-writer helper.

/** A picture the import fetched and already put in storage (under tenants/<id>/media/). */
export interface ImportedImage {
  /** The address in the file. */
  sourceUrl: string;
  /** What product_images.image_url gets (the storage adapter's public URL). */
  url: string;
  key: string;
  contentType: string;
  size: number;
}

export interface ApplyImportOptions {
  /** The file maps Variant SKU: each product's variants become exactly the file's (none when it lists none). Else variants are kept. */
  variantsMapped: boolean;
  /** Pictures fetched for these drafts, by source URL. A URL not here is skipped (already attached, or it failed: the caller reports that). */
  images: ReadonlyMap<string, ImportedImage>;
  /** The stock ledger's note for changes the import makes. */
  stockNote: string;
}

export type ImportOutcome =
  | { sku: string; line: number; result: 'created' | 'updated' | 'unchanged'; productId: string; imagesAdded: number }
  | { sku: string; line: number; result: 'rejected'; errors: RowError[] };

/** One outcome per draft, in the drafts' order. A rejected draft writes nothing; the others are written. */
export async function applyImportedProducts(ctx: TenantCtx, drafts: readonly ProductDraft[], options: ApplyImportOptions): Promise<ImportOutcome[]> {
  void ctx;
  void options;
  throw new Error(`applyImportedProducts: not written yet (${drafts.length} drafts)`);
}

/**
 * The picture addresses these SKUs' products already have (as source_url or as their own image_url),
 * so the import fetches only new ones: SKU -> addresses.
 */
export async function attachedImageSources(ctx: TenantCtx, skus: readonly string[]): Promise<Map<string, Set<string>>> {
  void ctx;
  void skus;
  return new Map();
}
