// Lets code outside React (the session, the API client's 401 handling) navigate with the router.
type TNavigate = (to: string, options?: { replace?: boolean }) => void;

let navigateWithRouter: TNavigate = (to) => window.location.assign(to);

export const setNavigator = (navigate: TNavigate) => {
  navigateWithRouter = navigate;
};

export const navigateTo: TNavigate = (to, options) => navigateWithRouter(to, options);

/** A redirect target from the query string, kept to paths of this site. */
export const safeRedirectTarget = (value: string | null | undefined): string | undefined =>
  value?.startsWith('/') && !value.startsWith('//') ? value : undefined;
