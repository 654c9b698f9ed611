// Inline SVG icons of the shop islands: emoji depend on the device's fonts (an empty box where none
// is installed), these do not. Decorative: the button around carries the label.
export function TrashIcon({ size = 20 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={size} height={size} className="sh-icon">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"
        d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

/** An eye; crossed out once the password shows (the toggle's pressed state says the same to a screen reader). */
export function EyeIcon({ crossed = false, size = 20 }: { crossed?: boolean; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={size} height={size} className="sh-icon">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"
        d={`M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z${crossed ? 'M4 20L20 4' : ''}`} />
    </svg>
  );
}
