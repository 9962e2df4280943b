import { Button, Result } from '@courseport/shared-ui';
import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <Result
      status="404"
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
