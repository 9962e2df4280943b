import { Button, Link, loadOnDemandComponents, NavLink, useMinWidth, useSession } from '@courseport/shared-ui';
import { useRef } from 'react';
import { UserMenu } from '../../auth/components/UserMenuSlot';
import { type ToggleRole, useRoleToggle } from '../../roles/hooks/useRoleToggle';
import { useToastOffset } from '../hooks/useToastOffset';
import { Logo } from './Logo';

const linkStyle = ({ isActive }: { isActive: boolean }) => ({
  color: isActive ? 'var(--cp-color-primary)' : 'var(--cp-color-text-strong)',
  fontWeight: isActive ? 600 : 500,
  whiteSpace: 'nowrap' as const,
});

export const REMOVE_EDUCATOR_TITLE = 'Stop being an educator?';
export const REMOVE_EDUCATOR_TEXT =
  "You will lose the Educator Dashboard. Becoming an educator again needs a new request and an admin's approval.";

/** Dropping the educator role cannot be undone alone (re-approval is needed): ask first. */
function confirmRemoveEducator(onOk: () => void) {
  void loadOnDemandComponents().then(({ Modal }) =>
    Modal.confirm({
      title: REMOVE_EDUCATOR_TITLE,
      content: REMOVE_EDUCATOR_TEXT,
      okText: 'Remove educator role',
      okButtonProps: { danger: true },
      cancelText: 'Keep educator role',
      onOk,
    }),
  );
}

/** The role pills: full words on every screen (they sit on a row of their own on phones). */
function RoleToggles() {
  const { toggle, busy, holds } = useRoleToggle();
  const button = (role: ToggleRole, label: string) => (
    <Button
      size="small"
      type={holds(role) ? 'primary' : 'default'}
      aria-pressed={holds(role)}
      loading={busy === role}
      disabled={busy !== null && busy !== role}
      onClick={() =>
        role === 'educator' && holds('educator') ? confirmRemoveEducator(() => toggle(role)) : toggle(role)
      }
    >
      {label}
    </Button>
  );
  return (
    <fieldset style={{ display: 'inline-flex', gap: 4, border: 0, margin: 0, padding: 0 }}>
      <legend style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        Your roles
      </legend>
      {button('student', 'Student')}
      {button('educator', 'Educator')}
    </fieldset>
  );
}

/** The top navigation bar (hidden in the educator and admin areas). */
export function NavBar() {
  const status = useSession((s) => s.status);
  const roles = useSession((s) => s.roles);
  const openSignIn = useSession((s) => s.openSignIn);
  const compact = !useMinWidth('md');
  const bar = useRef<HTMLElement>(null);
  useToastOffset(bar);

  return (
    <header
      ref={bar}
      className="cp-header"
      style={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: compact ? 8 : 16,
        height: 'auto',
        minHeight: 64,
        lineHeight: 'normal',
        paddingBlock: 12,
        paddingInline: 'clamp(12px, 5vw, 64px)',
        borderBottom: '1px solid var(--cp-color-border)',
      }}
    >
      <Link to="/" aria-label="Courseport home">
        <Logo compact={compact} />
      </Link>
      {status === 'signed-in' && (
        <nav
          aria-label="Main"
          style={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: compact ? 12 : 20,
            // On phones the links take a row of their own under the logo and the account menu.
            ...(compact ? { order: 3, width: '100%' } : { marginLeft: 'auto' }),
          }}
        >
          <RoleToggles />
          {roles.includes('admin') && (
            <NavLink to="/admin" style={linkStyle}>
              Admin Dashboard
            </NavLink>
          )}
          {roles.includes('educator') && (
            <NavLink to="/educator" style={linkStyle}>
              Educator Dashboard
            </NavLink>
          )}
          {roles.includes('student') && (
            <NavLink to="/my-enrollments" style={linkStyle}>
              My Enrollments
            </NavLink>
          )}
        </nav>
      )}
      <span
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          marginLeft: compact || status !== 'signed-in' ? 'auto' : 0,
        }}
      >
        {status === 'signed-in' && <UserMenu />}
        {status === 'signed-out' && (
          <>
            <Button shape="round" onClick={() => openSignIn('sign-in')}>
              Sign in
            </Button>
            <Button type="primary" shape="round" onClick={() => openSignIn('sign-up')}>
              Create Account
            </Button>
          </>
        )}
      </span>
    </header>
  );
}
