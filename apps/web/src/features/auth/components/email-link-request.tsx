import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { requestSignInLink } from '@/lib/auth/email-link.ts';
import { twoFactorQuery } from '@/lib/auth/session.ts';
import { SendLinkForm } from './send-link-form.tsx';

/** The login page's "Email me a sign-in link": the link opens /auth/action and signs in there. */
export const EmailLinkRequest = () => {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get(twoFactorQuery.redirect) ?? undefined;
  return (
    <>
      <SendLinkForm
        intro="Enter the email address you sign in with and we will send you a link that signs you in."
        autoComplete="username"
        submitLabel="Email me a sign-in link"
        send={(email) => requestSignInLink(email, redirectTo)}
        sentMessage={(email) =>
          `If ${email} belongs to a Cargodesk account, we have sent it a link to sign in. The link works once and expires in one hour.`
        }
      />
      <p className="auth-links">
        <Link to={paths.login.href({ redirectTo })}>Sign in with a password</Link>
      </p>
    </>
  );
};
