import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/** A small look at the hero picture the URL names, so staff see what they picked or pasted. */
export function HeroImagePreview({ url }: { url: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const trimmed = url.trim();
  if (!trimmed || !(trimmed.startsWith('/') || trimmed.startsWith('https://'))) return null;
  return (
    <div className="flex h-16 w-28 shrink-0 items-center justify-center overflow-hidden rounded-md border border-zinc-200 bg-zinc-100">
      {failed === trimmed ? (
        <ImageOff className="size-5 text-zinc-400" aria-label="The picture could not be shown" />
      ) : (
        <img src={trimmed} alt="Hero image preview" className="size-full object-cover" onError={() => setFailed(trimmed)} />
      )}
    </div>
  );
}
