import { messages } from '@cargodesk/shared';
import { sendEmailVerification } from 'firebase/auth';
import { describeIdentityError, getIdentity } from '../identity.ts';
import { notifyError, notifySuccess } from '../notify.ts';

/** docs/product.md §4 and §8: resends the verification email of the signed-in user, with its toasts. */
export const resendVerificationEmail = async () => {
  const user = getIdentity().currentUser;
  // docs/product.md §4: resending works only while a user is signed in.
  if (!user) return;
  try {
    await sendEmailVerification(user);
    notifySuccess(messages.verificationSent);
  } catch (error) {
    console.warn('Resending the verification email failed', error);
    notifyError(describeIdentityError(error));
  }
};
