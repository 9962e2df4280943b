import { Layout } from '@courseport/shared-ui';
import { Link } from 'react-router-dom';
import { Logo } from './Logo';

export function NavBar() {
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        paddingInline: 'clamp(16px, 5vw, 64px)',
        borderBottom: '1px solid #e2e8f0',
      }}
    >
      <Link to="/" aria-label="Courseport home">
        <Logo />
      </Link>
    </Layout.Header>
  );
}
