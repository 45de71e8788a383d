// Placeholder until this tab lands (issue 13); each tab is built on its own branch and replaces this file.
export function NotificationsTab() {
  return <p className="text-sm text-zinc-500">Notifications settings are being set up.</p>;
}
