import { LogoMark } from '@courseport/shared-ui';

/** The mark and the name ('Courseport', left out on phones by shell.css). */
export function Logo() {
  return (
    <span className="cp-brand">
      <LogoMark />
      <span className="cp-brand-name">Courseport</span>
    </span>
  );
}
