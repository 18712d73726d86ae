/** Whether a database error (or one it wraps) is a unique-key violation: someone else got there first. */
export const isUniqueViolation = (error: unknown): boolean => {
  const candidate = error as { code?: string; cause?: unknown } | undefined;
  if (!candidate) return false;
  return candidate.code === '23505' || isUniqueViolation(candidate.cause);
};
