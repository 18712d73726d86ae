import { WarningFilled } from '@ant-design/icons';
import { messages } from '@cargodesk/shared';
import { Button } from 'antd';
import { sendEmailVerification } from 'firebase/auth';
import { useState } from 'react';
import { useSession } from '../../lib/auth/session-store.ts';
import { describeIdentityError, getIdentity } from '../../lib/identity.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

/** Spec §2 and §4: the unverified e-mail banner with its resend notice. */
export const VerifyEmailBanner = () => {
  const [isSending, setIsSending] = useState(false);

  const onResend = async () => {
    const user = getIdentity().currentUser;
    // Spec §4: resending works only while a user is signed in.
    if (!user) return;
    setIsSending(true);
    try {
      await sendEmailVerification(user);
      notifySuccess(messages.verificationSent);
    } catch (error) {
      console.warn('Resending the verification e-mail failed', error);
      notifyError(describeIdentityError(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <section className="app-banner app-banner--verify" aria-label="E-mail verification">
      <span>{messages.verifyEmailBanner}</span>
      <span>
        {messages.verifyEmailNotice} the e-mail,{' '}
        <Button type="link" size="small" onClick={onResend} loading={isSending} style={{ padding: 0 }}>
          {messages.resendEmailLink}
        </Button>
      </span>
    </section>
  );
};

/** Spec §2: red, centred, with a warning icon. */
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
