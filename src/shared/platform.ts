/** The platform's own name, shown on the marketing site and the owner admin. Kept free of imports so the
 * web app's first bundle does not pull in Zod just for a name. */
export const PLATFORM_NAME = 'Shopfront';
