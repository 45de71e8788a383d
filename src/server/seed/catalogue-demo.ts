import { z } from 'zod';
import data from './demo-catalogue.json';
import { seedCatalogue, type SeedCatalogue } from './catalogue-types';

/**
 * The demo catalogues the seed writes, kept as data in demo-catalogue.json: Demo Store (UK homeware
 * and garden) and Acme (UK trade tools). Money is integer pence. Demo Store holds a few products
 * shoppers must never see (drafts, an archived and a private product) so the storefront filters have
 * something to hide. Only one product name holds "Enamel" and one "Terracotta": search tests look for
 * misspellings of both. The file is imported statically, so the server's bundle carries it, and checked
 * against the schema once, when this module loads: a mistake in it stops the boot with the path of the
 * faulty field rather than seeding a broken store.
 */
const demoCatalogues = z.strictObject({ demo: seedCatalogue, acme: seedCatalogue });

/** The two catalogues from the file's JSON; throws, naming the faulty fields, when it does not fit. */
export function loadDemoCatalogues(json: unknown): z.infer<typeof demoCatalogues> {
  const parsed = demoCatalogues.safeParse(json);
  if (!parsed.success) throw new Error(`demo-catalogue.json does not match the seed catalogue's shape:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const catalogues = loadDemoCatalogues(data);

export const DEMO_STORE_CATALOGUE: SeedCatalogue = catalogues.demo;
export const ACME_CATALOGUE: SeedCatalogue = catalogues.acme;
