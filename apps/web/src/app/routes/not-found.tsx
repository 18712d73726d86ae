import { PageNotFound } from '@/components/page-not-found.tsx';

export const NotFoundRoute = PageNotFound;
