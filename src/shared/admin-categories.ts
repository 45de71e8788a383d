import { z } from 'zod';
import { VAT_RATES } from './vat';
import { optionalText } from './text-schemas';
import { slugify } from './slugify';
import { isHttpsOrSitePath } from './links';

// Admin > Catalogue > Categories (admin spec §2, §3, §5, §7). Admin-only: imports Zod, so the storefront
// must not import this file (docs/decisions/004-storefront-bundle-budget.md).

/** Limits: meta title and description from spec §9, the rest sized to what a category needs. */
export const CATEGORY_LIMITS = {
  name: 120,
  slug: 120,
  description: 5000,
  heroImageUrl: 2000,
  metaTitle: 60,
  metaDescription: 160,
  /** Display order is a small integer; bounded so a typo cannot overflow the column. */
  displayOrder: 100_000,
} as const;

/** Lowercase letters and digits in words joined by single hyphens: what slugify() produces. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${CATEGORY_LIMITS.name} characters or fewer`,
  slugRequired: 'Slug is required',
  slugPattern: 'Use lowercase letters, digits and hyphens only (for example garden-tools)',
  slugTooLong: `Slug must be ${CATEGORY_LIMITS.slug} characters or fewer`,
  slugTaken: 'Another category already uses this slug',
  descriptionTooLong: `Description must be ${CATEGORY_LIMITS.description} characters or fewer`,
  displayOrder: 'Display order must be a whole number',
  displayOrderRange: `Display order must be between -${CATEGORY_LIMITS.displayOrder} and ${CATEGORY_LIMITS.displayOrder}`,
  heroImageUrl: 'Use a same-site path or https:// link',
  metaTitle: `Meta title must be ${CATEGORY_LIMITS.metaTitle} characters or fewer`,
  metaDescription: `Meta description must be ${CATEGORY_LIMITS.metaDescription} characters or fewer`,
  parentMissing: 'Choose an existing category as the parent',
  parentSelf: 'A category cannot be its own parent',
  tooDeep: 'Categories can only be nested two levels deep',
  // Wizard step 1 (spec §5).
  wizardName: 'Please enter a category name',
  wizardSeed: 'Please provide a brief description to help AI generate better content',
} as const;

const fields = {
  name: z.string({ error: CATEGORY_MESSAGES.nameRequired }).trim().min(1, CATEGORY_MESSAGES.nameRequired).max(CATEGORY_LIMITS.name, CATEGORY_MESSAGES.nameTooLong),
  /** Empty: derived from the name on the server (spec §5), as the form does while creating. */
  slug: z
    .string({ error: CATEGORY_MESSAGES.slugRequired })
    .trim()
    .max(CATEGORY_LIMITS.slug, CATEGORY_MESSAGES.slugTooLong)
    .refine((s) => s === '' || CATEGORY_SLUG_PATTERN.test(s), CATEGORY_MESSAGES.slugPattern),
  description: optionalText(CATEGORY_LIMITS.description, CATEGORY_MESSAGES.descriptionTooLong),
  display_order: z
    .number({ error: CATEGORY_MESSAGES.displayOrder })
    .int(CATEGORY_MESSAGES.displayOrder)
    .min(-CATEGORY_LIMITS.displayOrder, CATEGORY_MESSAGES.displayOrderRange)
    .max(CATEGORY_LIMITS.displayOrder, CATEGORY_MESSAGES.displayOrderRange),
  is_featured: z.boolean({ error: 'Featured must be true or false' }),
  hero_image_url: optionalText(CATEGORY_LIMITS.heroImageUrl, CATEGORY_MESSAGES.heroImageUrl).refine(
    (v) => v == null || isHttpsOrSitePath(v),
    CATEGORY_MESSAGES.heroImageUrl,
  ),
  meta_title: optionalText(CATEGORY_LIMITS.metaTitle, CATEGORY_MESSAGES.metaTitle),
  meta_description: optionalText(CATEGORY_LIMITS.metaDescription, CATEGORY_MESSAGES.metaDescription),
  parent_id: z.uuid(CATEGORY_MESSAGES.parentMissing).nullable(),
  /** The VAT rate of its products that set none (issue 25); null: standard. */
  vat_rate: z.enum(VAT_RATES, { error: 'Choose a VAT rate: standard, reduced, zero or exempt' }).nullable(),
};

/**
 * POST /api/admin/categories. Strict: tenant_id, id, product_count or any other unknown field is a 400.
 * Only name is required; an empty or missing slug is derived from the name.
 */
export const createCategoryBody = z.strictObject({
  name: fields.name,
  slug: fields.slug.optional(),
  description: fields.description,
  display_order: fields.display_order.optional(),
  is_featured: fields.is_featured.optional(),
  hero_image_url: fields.hero_image_url,
  meta_title: fields.meta_title,
  meta_description: fields.meta_description,
  parent_id: fields.parent_id.optional(),
  vat_rate: fields.vat_rate.optional(),
});
export type CreateCategoryBody = z.input<typeof createCategoryBody>;

/** PUT /api/admin/categories/{id}: the same fields, each optional; a field left out keeps its value. */
export const updateCategoryBody = createCategoryBody.partial();
export type UpdateCategoryBody = z.input<typeof updateCategoryBody>;

/** GET /api/admin/categories query: flat by default; tree=true nests children (depth 1 or 2, default 2). */
export const categoryListQuery = z.object({
  tree: z.enum(['true', 'false']).optional(),
  depth: z.enum(['1', '2']).optional(),
});

/** The slug a category will get: the one typed, else the name's (spec §5). */
export function categorySlugFor(slug: string | undefined, name: string): string {
  return slug && slug.length > 0 ? slug : slugify(name);
}

/** One category as the admin API answers it (spec §3, plus parent and product count). */
export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  display_order: z.number(),
  is_featured: z.boolean(),
  hero_image_url: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  parent_id: z.string().nullable(),
  vat_rate: z.enum(VAT_RATES).nullable(),
  product_count: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** GET /api/admin/categories?tree=true: each category with its children, two levels deep. */
export interface AdminCategoryNode extends AdminCategory {
  children: AdminCategoryNode[];
}
export const adminCategoryNodeSchema: z.ZodType<AdminCategoryNode> = adminCategorySchema.extend({
  get children() {
    return z.array(adminCategoryNodeSchema);
  },
});

/** GET /api/admin/categories: the flat list, or the tree when tree=true. */
export const adminCategoryListResponse = z.object({ categories: z.union([z.array(adminCategoryNodeSchema), z.array(adminCategorySchema)]) });
/** POST (201) and PUT /api/admin/categories[/{id}] */
export const adminCategoryResponse = z.object({ category: adminCategorySchema });
