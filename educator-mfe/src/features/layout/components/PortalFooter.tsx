import { LogoMark } from '@courseport/shared-ui';

/** The year is fixed by the spec. */
export const COPYRIGHT_TEXT = '© 2025 Courseport. All rights reserved.';

export function PortalFooter() {
  return (
    <footer className="ed-footer">
      <span className="ed-footer-brand">
        <LogoMark size={22} />
        <span>Courseport</span>
      </span>
      <p className="ed-footer-copy">{COPYRIGHT_TEXT}</p>
    </footer>
  );
}
