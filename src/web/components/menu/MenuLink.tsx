import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A menu link: inside the shop through the router, anywhere else (https://) as a plain link. */
export function MenuLink({ href, className, onClick, children }: { href: string; className?: string; onClick?: () => void; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} onClick={onClick} rel="noopener">
      {children}
    </a>
  );
}

/** An item's badge ("New", "Sale"): short by rule (12 characters). */
export function MenuBadge({ children }: { children: ReactNode }) {
  return <span className="rounded-full bg-accent px-1.5 py-px text-[10px] leading-4 font-semibold tracking-wide text-white uppercase">{children}</span>;
}
