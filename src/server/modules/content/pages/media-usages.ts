import type { StoreTx } from '../../../http/context';
import type { MediaUsage } from '../../media';
import { pagesUsing } from './service';

/** Pages whose draft or published content shows this URL (the media library refuses to delete it). */
export async function pageMediaUsages(ctx: StoreTx, url: string): Promise<MediaUsage[]> {
  return pagesUsing(ctx, url);
}
