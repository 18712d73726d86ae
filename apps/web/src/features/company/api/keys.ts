export const companyKeys = {
  current: () => ['companies', 'current'] as const,
  sso: () => ['companies', 'current', 'sso'] as const,
  referencePatterns: () => ['companies', 'current', 'reference-patterns'] as const,
};
