import { WarningFilled } from '@ant-design/icons';
import { messages } from '@cargodesk/shared';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { resendVerificationEmail } from '@/lib/auth/resend-verification.ts';
import { useSession } from '@/lib/auth/session-store.ts';

const ReportProblemModal = lazy(async () => ({
  default: (await import('@/features/issues/components/report-problem-modal.tsx')).ReportProblemModal,
}));

/** docs/product.md §2 and §4: the unverified email banner with its resend notice. */
export const VerifyEmailBanner = () => {
  const [isSending, setIsSending] = useState(false);

  const onResend = async () => {
    setIsSending(true);
    await resendVerificationEmail();
    setIsSending(false);
  };

  return (
    <section className="app-banner app-banner--verify" aria-label="Email verification">
      <span>{messages.verifyEmailBanner}</span>
      <span>
        {messages.verifyEmailNotice} the email,{' '}
        <Button type="link" size="small" onClick={onResend} loading={isSending} style={{ padding: 0 }}>
          {messages.resendEmailLink}
        </Button>
      </span>
    </section>
  );
};

/**
 * docs/product.md §2: red, centred, with a warning icon. The spec's line says whom to contact; the
 * second says how: a reported problem reaches Cargodesk support, and the plan's end date is on the
 * company profile for whoever may read it.
 */
export const ExpiredSubscriptionBanner = () => {
  const canReadCompany = useCan('company:read');
  const [isReporting, setIsReporting] = useState(false);
  return (
    <div className="app-banner app-banner--expired" role="alert">
      <WarningFilled aria-hidden />
      <span>{messages.subscriptionExpired}</span>
      <span className="app-banner__next">
        To renew the plan,{' '}
        <button type="button" className="app-banner__link" onClick={() => setIsReporting(true)}>
          report a problem
        </button>{' '}
        and Cargodesk support will answer.
        {canReadCompany && (
          <>
            {' '}
            <Link className="app-banner__link" to={paths.settingsCompany.href()}>
              See your plan
            </Link>
          </>
        )}
      </span>
      {isReporting && (
        <Suspense fallback={null}>
          <ReportProblemModal onClose={() => setIsReporting(false)} />
        </Suspense>
      )}
    </div>
  );
};

export const SessionBanners = () => {
  const { user, isEmailVerified } = useSession();
  return (
    <>
      {user?.isExpired && <ExpiredSubscriptionBanner />}
      {user && !isEmailVerified && <VerifyEmailBanner />}
    </>
  );
};
