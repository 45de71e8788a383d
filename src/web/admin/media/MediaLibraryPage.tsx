/** Issue 14: being built. */
export function MediaLibraryPage() {
  return <h1 className="text-2xl font-semibold">Media Library</h1>;
}
