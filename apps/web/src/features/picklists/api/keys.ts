export const picklistsKeys = {
  all: ['picklists'] as const,
  module: (module: string) => ['picklists', module] as const,
};
