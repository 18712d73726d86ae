import type { TAdminCompany } from '@cargodesk/shared';
import { Space, Tag } from 'antd';

// 'success' takes the theme's darker green: antd's presets fall below AA contrast on their tint.

/** Suspended, or active; and whether the plan has run out, which the company's users see as a banner. */
export const CompanyStatusTags = ({ company }: { company: Pick<TAdminCompany, 'status' | 'isExpired'> }) => (
  <Space size={4} wrap>
    {company.status === 'suspended' ? <Tag color="red">Suspended</Tag> : <Tag color="success">Active</Tag>}
    {company.isExpired && <Tag>Plan expired</Tag>}
  </Space>
);
