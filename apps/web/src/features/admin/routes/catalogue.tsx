import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PortImportModal } from '../components/port-import-modal.tsx';

/**
 * The sea-port catalogue every company shares: a platform administrator imports the official
 * UN/LOCODE CodeList here, reviews the differences, and applies them for everyone.
 */
export const PortCatalogueRoute = () => {
  const [isImporting, setIsImporting] = useState(false);
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Port catalogue
      </Typography.Title>
      <Typography.Paragraph>
        Every company searches the same catalogue of ocean ports. Import the UN/LOCODE CodeList (its CSV
        files, one at a time) to see the new, changed and retired codes before you apply them. Companies keep
        their own ports and favourites.
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Link to={paths.settingsPorts.href({ port: 'oceanport' })}>See the catalogue as a company does</Link>
      </Typography.Paragraph>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setIsImporting(true)}>
        Import UN/LOCODE
      </Button>
      <PortImportModal isOpen={isImporting} onClose={() => setIsImporting(false)} />
    </Card>
  );
};
