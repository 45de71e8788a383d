import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

// Tabs without Radix (docs/decisions/004-storefront-bundle-budget.md): Radix Tabs brings its roving
// focus and collection machinery, ~7 KB gzipped, into every product page. This keeps Radix's markup
// (roles, ids, aria and data attributes) and its behaviour for horizontal, automatically activated
// tabs: click or focus selects; arrow keys move between tabs and wrap; Home/PageUp and End/PageDown
// jump to the ends; only the selected tab is in the tab order; only the selected panel is rendered.

interface TabsContextValue {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  /** The selected tab, when the parent controls it. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ value: controlled, defaultValue = '', onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value, select }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const FOCUS_KEYS: Record<string, 'prev' | 'next' | 'first' | 'last'> = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  Home: 'first',
  PageUp: 'first',
  End: 'last',
  PageDown: 'last',
};

/** Arrow keys, Home and End move focus along the list (focusing a tab selects it). */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const intent = FOCUS_KEYS[event.key];
  if (!intent || event.target !== event.currentTarget) return;
  if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  event.preventDefault();
  const list = event.currentTarget.closest('[role="tablist"]');
  const tabs = list ? [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')] : [];
  const index = tabs.indexOf(event.currentTarget);
  const target =
    intent === 'first' ? tabs[0]
    : intent === 'last' ? tabs[tabs.length - 1]
    : tabs[(index + (intent === 'next' ? 1 : -1) + tabs.length) % tabs.length];
  target?.focus();
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('inline-flex h-10 items-center rounded-lg bg-zinc-100 p-1 text-zinc-500', className)}
      {...props}
    />
  );
}

interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ value, className, disabled = false, onMouseDown, onKeyDown, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const selected = value === tabs.value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      id={triggerId(tabs.baseId, value)}
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex flex-1 items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium transition-colors hover:text-zinc-900 data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.defaultPrevented) return;
        // The main button selects (and focuses); others, or with Ctrl, leave focus where it is.
        if (!disabled && event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus();
          tabs.select(value);
        } else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || disabled) return;
        if (event.target === event.currentTarget && (event.key === ' ' || event.key === 'Enter')) tabs.select(value);
        moveFocus(event);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) tabs.select(value);
      }}
    />
  );
}

interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

/** The selected tab's panel; the others are not rendered at all. */
export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  if (value !== tabs.value) return null;
  return (
    <div
      data-state="active"
      data-orientation="horizontal"
      role="tabpanel"
      aria-labelledby={triggerId(tabs.baseId, value)}
      id={contentId(tabs.baseId, value)}
      tabIndex={0}
      className={cn('mt-4 focus-visible:outline-none', className)}
      {...props}
    />
  );
}
