import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { SEARCH_MAX } from '@shared/catalog';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

interface SearchFieldProps {
  /** The search in force (from the URL); the field starts from it. */
  value: string;
  onSearch: (search: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
}

/**
 * A search box that searches on Enter, not on every key: each search is a
 * new URL, and the shopper's back button should step through searches, not letters.
 * Give it key={value} so a search changed elsewhere (Clear search, back button) refills it.
 */
export function SearchField({ value, onSearch, label, placeholder, className, inputClassName }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={SEARCH_MAX}
        onChange={(event) => setText(event.target.value)}
        className={cn('pl-9', inputClassName)}
      />
    </form>
  );
}
