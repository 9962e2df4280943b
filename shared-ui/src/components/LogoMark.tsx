/** The Courseport mark, drawn the same everywhere (navigation bar, footers, portal top bars). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" style={{ fill: 'var(--cp-color-primary)' }} />
      <path
        d="M9 11l7-4 7 4-7 4-7-4zm0 5l7 4 7-4M9 21l7 4 7-4"
        fill="none"
        style={{ stroke: 'var(--cp-color-text-inverse)' }}
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
