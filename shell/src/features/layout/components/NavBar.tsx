import { Button, Link, loadAntd, NavLink, UserMenu, useMinWidth, useSession } from '@courseport/shared-ui';
import { useRef } from 'react';
import { type ToggleRole, useRoleToggle } from '../hooks/useRoleToggle';
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
  void loadAntd.modal().then(({ Modal }) =>
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

export const EDUCATOR_PENDING_LABEL = 'Educator (pending review)';

/**
 * The role pills: full words on wider screens, 'S' and 'E' on phones (named and titled in full),
 * so the bar stays one row. A pending educator request shows on the Educator pill: dashed,
 * aria-disabled, named 'Educator (pending review)'; pressing it only says so.
 */
function RoleToggles({ compact }: { compact: boolean }) {
  const { toggle, busy, holds, educatorPending } = useRoleToggle();
  const button = (role: ToggleRole, label: string) => {
    const pending = role === 'educator' && educatorPending;
    const name = pending ? EDUCATOR_PENDING_LABEL : label;
    return (
      <Button
        size="small"
        type={holds(role) ? 'primary' : pending ? 'dashed' : 'default'}
        aria-pressed={holds(role)}
        aria-disabled={pending || undefined}
        aria-label={compact || pending ? name : undefined}
        title={name}
        className={pending ? 'cp-role-pending' : undefined}
        loading={busy === role}
        disabled={busy !== null && busy !== role}
        onClick={() =>
          role === 'educator' && holds('educator') ? confirmRemoveEducator(() => toggle(role)) : toggle(role)
        }
      >
        {compact ? label.slice(0, 1) : name}
      </Button>
    );
  };
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

/** A link of the bar; on phones a shorter word on screen (the name stays the full one). */
function BarLink({ to, label, short, compact }: { to: string; label: string; short: string; compact: boolean }) {
  return (
    <NavLink to={to} style={linkStyle} aria-label={compact ? label : undefined}>
      {compact ? short : label}
    </NavLink>
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
        flexWrap: compact ? 'nowrap' : 'wrap',
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
            marginLeft: 'auto',
            // On phones the bar is one row: short words, and should they still not fit (an admin
            // with both roles), the links scroll sideways rather than wrapping under the logo.
            ...(compact ? { flexWrap: 'nowrap', gap: 10, minWidth: 0, overflowX: 'auto', flex: '0 1 auto' } : {}),
          }}
        >
          <RoleToggles compact={compact} />
          {roles.includes('admin') && <BarLink to="/admin" label="Admin Dashboard" short="Admin" compact={compact} />}
          {roles.includes('educator') && (
            <BarLink to="/educator" label="Educator Dashboard" short="Dashboard" compact={compact} />
          )}
          {roles.includes('student') && (
            <BarLink to="/my-enrollments" label="My Enrollments" short="Enrollments" compact={compact} />
          )}
        </nav>
      )}
      <span
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          marginLeft: status !== 'signed-in' ? 'auto' : 0,
          flexShrink: 0,
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
