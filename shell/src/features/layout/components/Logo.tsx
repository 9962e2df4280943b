import { LogoMark } from '@courseport/shared-ui';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        fontWeight: 700,
        fontSize: 20,
        color: 'var(--cp-color-heading)',
      }}
    >
      <LogoMark />
      {!compact && 'Courseport'}
    </span>
  );
}
