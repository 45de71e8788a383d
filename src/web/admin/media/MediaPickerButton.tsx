/** A picked library file: its served URL (what product pictures, category heroes and pages store). */
export interface PickedMedia {
  id: string;
  url: string;
  filename: string;
  alt_text: string | null;
  mime_type: string;
}

/**
 * 'Choose from library': opens the media library in a dialog and hands back the chosen file (issue 14
 * item 3). Being built.
 */
export function MediaPickerButton(_props: { onPick: (file: PickedMedia) => void; label?: string; kind?: 'images' | 'all'; disabled?: boolean }) {
  return null;
}
