/** Issue 14: being built. */
export function PageEditorPage() {
  return <h1 className="text-2xl font-semibold">Edit page</h1>;
}
