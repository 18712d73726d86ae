import { WarningFilled } from '@ant-design/icons';
import { messages } from '@cargodesk/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { resendVerificationEmail } from '@/lib/auth/resend-verification.ts';
import { useSession } from '@/lib/auth/session-store.ts';

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

/** docs/product.md §2: red, centred, with a warning icon. */
export const ExpiredSubscriptionBanner = () => (
  <div className="app-banner app-banner--expired" role="alert">
    <WarningFilled aria-hidden />
    <span>{messages.subscriptionExpired}</span>
  </div>
);

export const SessionBanners = () => {
  const { user, isEmailVerified } = useSession();
  return (
    <>
      {user?.isExpired && <ExpiredSubscriptionBanner />}
      {user && !isEmailVerified && <VerifyEmailBanner />}
    </>
  );
};
