export const companyKeys = {
  current: () => ['companies', 'current'] as const,
};
