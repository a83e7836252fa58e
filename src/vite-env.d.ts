/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_VPS_ORIGIN?: string;
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_SUPPORT_HOTLINE?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_LIVECHAT_SCRIPT_URL?: string;
}

/** A slice of the message files, picked at build time (vite.config.ts, messageSlices.ts). */
declare module 'virtual:messages/*' {
  const messages: import('./i18n/interpolate').MessageTree;
  export default messages;
}
