/// <reference types="vite/client" />

/** The app version from package.json, shown in settings (vite.config.ts `define`). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** The operator's business registration number (config/operator.ts). */
  readonly VITE_OPERATOR_BUSINESS_NUMBER?: string;
  /** Where patients who cannot log in ask for account deletion (config/operator.ts). */
  readonly VITE_OPERATOR_PRIVACY_EMAIL?: string;
}
