// The API tokens feature's query keys: the signed-in user's own tokens.

export const apiTokensKeys = {
  all: ['api-tokens'] as const,
  list: () => ['api-tokens', 'list'] as const,
};
