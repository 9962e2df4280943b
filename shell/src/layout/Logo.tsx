export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 700, fontSize: 20, color: '#0f172a' }}
    >
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#2563eb" />
        <path
          d="M9 11l7-4 7 4-7 4-7-4zm0 5l7 4 7-4M9 21l7 4 7-4"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {!compact && 'Courseport'}
    </span>
  );
}
