import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false });

/** The top progress bar of spec §2, shown while a navigation is under way. */
export const startProgress = () => NProgress.start();
export const finishProgress = () => NProgress.done();
