import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The product's "Page not found": an unknown address, or a screen the company's products do not include. */
export const PageNotFound = () => (
  <Result
    status="404"
    title="Page not found"
    subTitle="The page you asked for does not exist or has moved."
    extra={
      <Link to={paths.dashboard.href()}>
        <Button type="primary">Go to the dashboard</Button>
      </Link>
    }
  />
);
