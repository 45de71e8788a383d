import type { StoreTx } from '../../../http/context';
import type { MediaUsage } from '../../media';
import { placesShowingUrl } from './product-images-repo';

/** Products whose pictures, and categories whose hero, show this URL (the library refuses to delete it). */
export async function catalogueMediaUsages(ctx: StoreTx, url: string): Promise<MediaUsage[]> {
  const { products, categories } = await placesShowingUrl(ctx, url);
  return [
    ...products.map((p): MediaUsage => ({ kind: 'product', id: p.id, label: p.name })),
    ...categories.map((c): MediaUsage => ({ kind: 'category', id: c.id, label: c.name })),
  ];
}

/** The pictures products and categories show, for the media module's one-off backfill of resized copies. */
export { shownPictureUrls as cataloguePictureUrls } from './product-images-repo';
