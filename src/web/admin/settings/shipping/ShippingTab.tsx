// Placeholder until this tab lands (issue 13); each tab is built on its own branch and replaces this file.
export function ShippingTab() {
  return <p className="text-sm text-zinc-500">Shipping settings are being set up.</p>;
}
