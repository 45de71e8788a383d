import { z } from 'zod';

/** The pagination block of every paged list: { page, limit, total, pages } (DESIGN.md, API conventions). */
export const paginationSchema = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });
export type Pagination = z.infer<typeof paginationSchema>;
