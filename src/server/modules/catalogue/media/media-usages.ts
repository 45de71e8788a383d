import type { TenantCtx } from '../../../http/context';
import type { MediaUsage } from '../../media';

/** Products whose pictures, and categories whose hero, show this URL (the library refuses to delete it). */
export async function catalogueMediaUsages(_ctx: TenantCtx, _url: string): Promise<MediaUsage[]> {
  return [];
}
