import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// nprogress's own template gives the bar role="bar", which is no ARIA role; the bar is decoration.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** The top progress bar of docs/product.md §2, shown while a navigation is under way. */
export const startProgress = () => NProgress.start();
export const finishProgress = () => NProgress.done();
