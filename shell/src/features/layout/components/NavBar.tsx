import { Button, Link, NavLink, useMinWidth, useSession } from '@courseport/shared-ui';
import { UserMenu } from '../auth/auth-ui';
import { type ToggleRole, useRoleToggle } from '../roles/useRoleToggle';
import { Logo } from './Logo';

const linkStyle = ({ isActive }: { isActive: boolean }) => ({
  color: isActive ? 'var(--cp-color-primary)' : 'var(--cp-color-text-strong)',
  fontWeight: isActive ? 600 : 500,
  whiteSpace: 'nowrap' as const,
});

function RoleToggles({ compact }: { compact: boolean }) {
  const { toggle, busy, holds } = useRoleToggle();
  const button = (role: ToggleRole, label: string) => (
    <Button
      size="small"
      type={holds(role) ? 'primary' : 'default'}
      aria-pressed={holds(role)}
      aria-label={label}
      loading={busy === role}
      disabled={busy !== null && busy !== role}
      onClick={() => void toggle(role)}
    >
      {compact ? label[0] : label}
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

  return (
    <header
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
        borderBottom: '1px solid #e2e8f0',
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
          <RoleToggles compact={compact} />
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
