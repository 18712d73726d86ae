import { sendPasswordResetEmail } from 'firebase/auth';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { getIdentity } from '@/lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { SendLinkForm } from '../components/send-link-form.tsx';

/** Asks the identity provider to mail a password-reset link (it opens /auth/action). */
export const ForgotPasswordRoute = () => (
  <AuthCard title="Reset your password">
    <SendLinkForm
      intro="Enter the email address you sign in with and we will send you a link to choose a new password."
      autoComplete="email"
      submitLabel="Send reset link"
      send={(email) => sendPasswordResetEmail(getIdentity(), email)}
      sentMessage={(email) =>
        `If an account exists for ${email}, we have sent it a link to choose a new password. The link works once and expires in one hour.`
      }
    />
    <p className="auth-links">
      <Link to={paths.login.href()}>Back to sign in</Link>
    </p>
  </AuthCard>
);
