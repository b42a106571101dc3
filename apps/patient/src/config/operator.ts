/**
 * Who runs this deployment, shown in the home footer and on the public account-deletion
 * page (app stores require a way to ask for deletion without the app). Set at build time
 * with VITE_OPERATOR_BUSINESS_NUMBER and VITE_OPERATOR_PRIVACY_EMAIL (docs/configuration.md);
 * the defaults are the demo's.
 */
export const operator = {
  businessNumber: import.meta.env.VITE_OPERATOR_BUSINESS_NUMBER || '123-45-67890',
  privacyEmail: import.meta.env.VITE_OPERATOR_PRIVACY_EMAIL || 'privacy@smartcare.example',
} as const;
