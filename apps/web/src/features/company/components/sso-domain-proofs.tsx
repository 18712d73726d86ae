import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { TSsoDomainProof } from '@cargodesk/shared';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { toErrorMessage } from '@/lib/api-client.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useVerifySsoDomains } from '../api/sso-settings.ts';

// The DNS proof of each single sign-on domain (docs/decisions/032): until a domain's TXT record is
// found, the company's identity provider signs in nobody at that domain.

const ProofRow = ({ proof }: { proof: TSsoDomainProof }) => (
  <li style={{ listStyle: 'none', paddingBottom: 12 }}>
    <Space wrap size="small">
      <Typography.Text strong>{proof.domain}</Typography.Text>
      {proof.verifiedAt ? (
        <Tag icon={<CheckCircleFilled style={{ color: '#237804' }} />}>Proven</Tag>
      ) : (
        <Tag icon={<ExclamationCircleFilled style={{ color: '#ad4e00' }} />}>Waiting for its DNS record</Tag>
      )}
    </Space>
    {!proof.verifiedAt && (
      <dl style={{ margin: '4px 0 0', display: 'grid', gap: 2 }}>
        <dt>TXT record name</dt>
        <dd style={{ margin: 0 }}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {proof.recordName}
          </Typography.Text>
        </dd>
        <dt>Value</dt>
        <dd style={{ margin: 0 }}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {proof.recordValue}
          </Typography.Text>
        </dd>
      </dl>
    )}
  </li>
);

export const SsoDomainProofs = ({ proofs }: { proofs: TSsoDomainProof[] }) => {
  const verify = useVerifySsoDomains();
  const waiting = proofs.filter((proof) => !proof.verifiedAt);
  const onCheck = async () => {
    const result = await verify.mutateAsync().catch(() => undefined);
    if (result && result.verified.length > 0) notifySuccess(`Domain proven: ${result.verified.join(', ')}.`);
  };
  return (
    <section aria-labelledby="sso-domain-proofs-title">
      <Typography.Title level={5} id="sso-domain-proofs-title">
        Domain ownership
      </Typography.Title>
      <Typography.Paragraph>
        {waiting.length === 0
          ? 'Every domain is proven: your identity provider signs in people at these domains.'
          : 'Prove you hold each domain: publish this TXT record in the domain’s DNS, then check. Until then nobody at that domain signs in through your provider.'}
      </Typography.Paragraph>
      <ul style={{ padding: 0, margin: 0 }}>
        {proofs.map((proof) => (
          <ProofRow key={proof.domain} proof={proof} />
        ))}
      </ul>
      {verify.isSuccess && verify.data.pending.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={`No TXT record with the expected value was found yet for ${verify.data.pending.join(', ')}.`}
          description="DNS changes can take a while to reach everyone; check again in a few minutes."
        />
      )}
      {verify.isError && <Alert type="error" showIcon title={toErrorMessage(verify.error)} />}
      {waiting.length > 0 && (
        <Button onClick={() => void onCheck()} loading={verify.isPending} style={{ marginTop: 8 }}>
          Check DNS records
        </Button>
      )}
    </section>
  );
};
