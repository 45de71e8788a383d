import type { TenantCtx } from '../../../http/context';
import type { MediaUsage } from '../../media';

/** Pages whose draft or published content shows this URL (the media library refuses to delete it). */
export async function pageMediaUsages(_ctx: TenantCtx, _url: string): Promise<MediaUsage[]> {
  return [];
}
