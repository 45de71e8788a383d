import type { CategoryNode, ImageRef } from '@shared/catalog';

const everyCategory = (tree: CategoryNode[]) => tree.flatMap((top) => [top, ...top.children]);

/** Featured categories from both levels of the tree, in display order, top level first. */
export function featuredCategories(tree: CategoryNode[]): CategoryNode[] {
  return everyCategory(tree).filter((category) => category.is_featured);
}

/**
 * Two category pictures for the hero, preferring categories the 'Shop by category' tiles do not
 * show, so the page does not open with the same picture twice.
 */
export function heroPictures(tree: CategoryNode[]): ImageRef[] {
  const pictured = everyCategory(tree).filter((category) => category.hero_image_url);
  const ordered = [...pictured.filter((c) => !c.is_featured), ...pictured.filter((c) => c.is_featured)];
  return ordered.slice(0, 2).map((category) => ({ image_url: category.hero_image_url as string, alt_text: null, ...category.hero_size }));
}
