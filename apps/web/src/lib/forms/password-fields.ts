// The words of every form that asks for a new password twice (reset, invitation, profile), so
// they read the same wherever a person meets them.
export const passwordFieldTexts = {
  repeatLabel: 'Repeat the new password',
  repeatRequired: 'Please repeat the new password.',
  mismatch: 'The passwords do not match.',
} as const;
