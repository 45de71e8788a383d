// Placeholder until this tab lands (issue 13); each tab is built on its own branch and replaces this file.
export function StoreInfoTab() {
  return <p className="text-sm text-zinc-500">Store details settings are being set up.</p>;
}
