import { Button, Link, StatusMessage, usePageTitle } from '@courseport/shared-ui';

export const NOT_FOUND_TITLE = 'Page not found';

const heading = { margin: 0, font: 'inherit', color: 'var(--cp-color-heading)' } as const;

export function NotFound() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <StatusMessage
      tone="info"
      title={<h1 style={heading}>{NOT_FOUND_TITLE}</h1>}
      // Darker than the shared subtitle grey, for contrast on the page background.
      subTitle={
        <span style={{ color: 'var(--cp-color-text-body)' }}>The page you are looking for does not exist.</span>
      }
      extra={
        <Link to="/">
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}

export default NotFound;
