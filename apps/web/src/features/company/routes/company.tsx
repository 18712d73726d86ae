import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { toErrorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useCompany } from '../api/get-company.ts';
import { CompanyForm } from '../components/company-form.tsx';

/** /settings/company (spec §2): the company profile, read-only without company:write. */
export const CompanyRoute = () => {
  const { user } = useSession();
  const canRead = user?.permissions.includes('company:read') ?? false;
  const company = useCompany();

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Company profile
      </Typography.Title>
      {!canRead ? (
        <Card>
          <Result
            status="403"
            title="The company profile needs the company:read permission; ask your Admin."
          />
        </Card>
      ) : company.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : company.isError ? (
        <Card>
          <Result
            status="warning"
            title="The company profile could not be loaded"
            subTitle={toErrorMessage(company.error)}
            extra={<Button onClick={() => void company.refetch()}>Try again</Button>}
          />
        </Card>
      ) : (
        <CompanyForm company={company.data} />
      )}
    </Space>
  );
};
