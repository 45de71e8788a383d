/** Issue 14: being built. */
export function PagesPage() {
  return <h1 className="text-2xl font-semibold">Pages</h1>;
}
