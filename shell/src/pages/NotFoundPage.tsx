import { Button, Link, StatusMessage } from '@courseport/shared-ui';

export function NotFound() {
  return (
    <StatusMessage
      tone="info"
      title="Page not found"
      subTitle="The page you are looking for does not exist."
      extra={
        <Link to="/">
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}
