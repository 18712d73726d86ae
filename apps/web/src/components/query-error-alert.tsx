import { Alert, Button } from 'antd';
import { toErrorMessage } from '../lib/api-client.ts';

/** A list that failed to load: the reason, and a retry, above the (empty) table. */
export const QueryErrorAlert = ({
  query,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) =>
  query.isError ? (
    <Alert
      type="error"
      showIcon
      title={toErrorMessage(query.error)}
      action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      style={{ marginBottom: 16 }}
    />
  ) : null;
