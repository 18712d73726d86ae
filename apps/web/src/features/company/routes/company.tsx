import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { RequirePermission } from '@/components/require-permission.tsx';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { freightProductCode, useHasProduct } from '@/lib/auth/products.ts';
import { useCompany } from '../api/company.ts';
import { CompanyForm } from '../components/company-form.tsx';
import { ShipmentReferencesCard } from '../components/shipment-references-card.tsx';
import { SsoCard } from '../components/sso-card.tsx';

const CompanyProfile = () => {
  const company = useCompany();
  const canConfigureSso = useCan('company:write');
  const hasFreight = useHasProduct(freightProductCode);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Company profile
      </Typography.Title>
      {company.isPending ? (
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
      {hasFreight && <ShipmentReferencesCard />}
      {canConfigureSso && <SsoCard />}
    </Space>
  );
};

/** /settings/company (docs/product.md §2): the company profile, read-only without company:write. */
export const CompanyRoute = () => (
  <RequirePermission permission="company:read" title="Company profile" what="the company profile">
    <CompanyProfile />
  </RequirePermission>
);
