import type { Permission } from '../../../shared/roles';

/** The media library serves product pictures and content pages alike: either permission opens it (issue 27). */
export const PICTURES: readonly Permission[] = ['products', 'content'];
