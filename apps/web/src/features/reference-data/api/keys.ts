// The start-up queries' key factory lives in lib/, where the query client, the session and the
// picklists screen reach it too.
export { referenceKeys } from '@/lib/reference-keys.ts';
