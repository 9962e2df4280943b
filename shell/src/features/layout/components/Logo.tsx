import { LogoMark } from '@courseport/shared-ui';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 700, fontSize: 20, color: '#0f172a' }}
    >
      <LogoMark />
      {!compact && 'Courseport'}
    </span>
  );
}
