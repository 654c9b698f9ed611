// A box that scrolls sideways on a narrow screen (wide tables): focusable and named, so keyboard users
// can scroll it with the arrow keys and screen readers announce what it holds. A group, not a region: it
// often sits in a section named by the same heading, and two landmarks of one name confuse navigation. position: relative (sh-scroll)
// keeps screen-reader-only texts of its cells inside the box (they escaped it and widened the page).
import type { ReactNode } from 'react';
import '../shop.css';

export function ScrollRegion({ label, labelledBy, className, children }: { label?: string; labelledBy?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `sh-scroll ${className}` : 'sh-scroll'} role="group" aria-label={label} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
