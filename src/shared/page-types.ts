// Types only (no Zod, no code), so the storefront's content page bundle can use them.

/** GET /api/pages/{slug}: a published page (or, for signed-in staff with ?preview, its draft). */
export interface PublicPage {
  slug: string;
  template_key: string;
  /** Slot key to value; rich text already cleaned by the server. */
  content: Record<string, string | boolean>;
  published_at: string | null;
  /** True when this is a staff preview of the draft. */
  preview: boolean;
  /** The hero picture's size and resized copies once made (decision 052), for a copy that fits the screen. */
  hero_size?: { width: number; height: number; widths: number[] };
}
