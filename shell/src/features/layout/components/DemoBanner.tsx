export const DEMO_BANNER_TEXT = "Demo mode: payments are simulated and the demo accounts' passwords are public.";

/**
 * A slim notice above the frame on a demo deployment (`/api/config` → `mode: 'demo'`). The config
 * is read before the first render, so the notice is there on first paint and shifts nothing.
 */
export function DemoBanner() {
  return (
    <aside
      aria-label="Demo notice"
      style={{
        padding: '4px clamp(12px, 5vw, 64px)',
        background: 'var(--cp-color-warning-bg-strong)',
        borderBottom: '1px solid var(--cp-color-warning-border-strong)',
        color: 'var(--cp-color-warning-deep)',
        fontSize: 13,
        lineHeight: '20px',
        textAlign: 'center',
      }}
    >
      <strong>Demo mode:</strong> payments are simulated and the demo accounts' passwords are public.
    </aside>
  );
}
