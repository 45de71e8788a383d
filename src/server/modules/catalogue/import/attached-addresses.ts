// The picture addresses a product already has. The export writes a picture stored on the site
// ("/files/tenants/<id>/media/x.jpg") as an absolute address on the store's origin, which the import
// job cannot know (it runs without a request, and a store may have several domains). So an absolute
// http(s) address also counts as attached when its path (and query) is a stored site path: such a path
// names this store's own file under its tenant id, which no other site's picture would have.

function sitePathOf(address: string): string | null {
  if (!/^https?:\/\//i.test(address)) return null;
  try {
    const url = new URL(address);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

export class AttachedAddresses extends Set<string> {
  override has(address: string): boolean {
    if (super.has(address)) return true;
    const path = sitePathOf(address);
    return path !== null && path.startsWith('/') && super.has(path);
  }
}
