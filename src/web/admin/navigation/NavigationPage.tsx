/** Issue 14: being built. */
export function NavigationPage() {
  return <h1 className="text-2xl font-semibold">Navigation</h1>;
}
