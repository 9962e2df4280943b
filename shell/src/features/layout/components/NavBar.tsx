import { Button, Link, loadAntd, NavLink, UserMenu, useSession } from '@courseport/shared-ui';
import { type ReactNode, useRef } from 'react';
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
 * Words for wider screens and for phones: the stylesheet shows one (shell.css, `cp-wide` and
 * `cp-narrow`), so a page rendered on the server is laid out as the browser keeps it. The element
 * they are in is named in full.
 */
function Words({ wide, narrow }: { wide: string; narrow: string }) {
  return (
    <>
      <span className="cp-wide">{wide}</span>
      <span className="cp-narrow" aria-hidden="true">
        {narrow}
      </span>
    </>
  );
}

/**
 * The role pills: full words on wider screens, 'S' and 'E' on phones (named and titled in full),
 * so the bar stays one row. A pending educator request shows on the Educator pill: dashed,
 * aria-disabled, named 'Educator (pending review)'; pressing it only says so.
 */
function RoleToggles() {
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
        aria-label={name}
        title={name}
        className={pending ? 'cp-role-pending' : undefined}
        loading={busy === role}
        disabled={busy !== null && busy !== role}
        onClick={() =>
          role === 'educator' && holds('educator') ? confirmRemoveEducator(() => toggle(role)) : toggle(role)
        }
      >
        <Words wide={name} narrow={label.slice(0, 1)} />
      </Button>
    );
  };
  return (
    <fieldset className="cp-role-pills">
      <legend className="cp-visually-hidden">Your roles</legend>
      {button('student', 'Student')}
      {button('educator', 'Educator')}
    </fieldset>
  );
}

/** A link of the bar; on phones a shorter word on screen (the name stays the full one). */
function BarLink({ to, label, short }: { to: string; label: string; short: string }) {
  return (
    <NavLink to={to} style={linkStyle} aria-label={label}>
      <Words wide={label} narrow={short} />
    </NavLink>
  );
}

/**
 * The top navigation bar (hidden in the educator and admin areas). `signedInTools`: what the app
 * puts before the account menu for a signed-in user (the notification bell).
 */
export function NavBar({ signedInTools }: { signedInTools?: ReactNode } = {}) {
  const status = useSession((s) => s.status);
  const roles = useSession((s) => s.roles);
  const openSignIn = useSession((s) => s.openSignIn);
  const bar = useRef<HTMLElement>(null);
  useToastOffset(bar);

  // The bar's layout (one row of short words on phones) is the stylesheet's: shell.css.
  return (
    <header ref={bar} className="cp-header">
      <Link to="/" aria-label="Courseport home">
        <Logo />
      </Link>
      {status === 'signed-in' && (
        <nav aria-label="Main" className="cp-main-nav">
          <RoleToggles />
          {roles.includes('admin') && <BarLink to="/admin" label="Admin Dashboard" short="Admin" />}
          {roles.includes('educator') && <BarLink to="/educator" label="Educator Dashboard" short="Dashboard" />}
          {roles.includes('student') && <BarLink to="/my-enrollments" label="My Enrollments" short="Enrollments" />}
        </nav>
      )}
      <span className={status === 'signed-in' ? 'cp-bar-end' : 'cp-bar-end cp-bar-end-alone'}>
        {status === 'signed-in' && signedInTools}
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
