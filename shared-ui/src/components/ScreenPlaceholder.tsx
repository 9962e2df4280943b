import { Card, Descriptions, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '../session/store';

/**
 * Stand-in for a screen that a later issue builds: shows the screen title, the route parameters
 * and the session status, read through the shared router and store singletons.
 */
export function ScreenPlaceholder({ title, portal }: { title: string; portal: string }) {
  const params = useParams();
  const [search] = useSearchParams();
  const status = useSession((s) => s.status);
  const entries = [...Object.entries(params), ...search.entries()].filter(([, v]) => v !== undefined);
  return (
    <Card style={{ maxWidth: 720, margin: '32px auto' }} data-portal={portal}>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Portal">{portal}</Descriptions.Item>
        {entries.map(([key, value]) => (
          <Descriptions.Item key={key} label={key}>
            <span data-param={key}>{value}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="Session">
          <span data-testid="session-status">{status}</span>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
