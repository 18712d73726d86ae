import { signedOutStayPaths } from '../config/paths.ts';

const openPaths = new Set([...signedOutStayPaths, '/forgot-password', '/auth/action']);

/** Whether a path belongs to a route that needs the session (every route but the open ones). */
export const isProtectedPath = (pathname: string) => !openPaths.has(pathname);
