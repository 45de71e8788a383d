/** /pages/{slug}: a published content page (issue 14). Being built. */
export function ContentPage() {
  return null;
}
