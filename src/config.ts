/**
 * The portal's settings, read once from Vite's environment (VITE_* variables at build time).
 * Everything that differs between the sandbox and production is here; README lists each one.
 */
const env = import.meta.env;

function setting(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const config = {
  /** Where the API lives; same origin by default, so `npm start` needs no setting. */
  apiBaseUrl: setting(env.VITE_API_BASE_URL, '/api/v1').replace(/\/+$/, ''),
  /** The provider's VPS host: the only external origin a `redirect` query may send users to. */
  vpsOrigin: setting(env.VITE_VPS_ORIGIN, 'https://vps.example.vn'),
  productName: setting(env.VITE_PRODUCT_NAME, 'IDC Cloud'),
  supportHotline: setting(env.VITE_SUPPORT_HOTLINE, '1900 0000'),
  supportEmail: setting(env.VITE_SUPPORT_EMAIL, 'support@example.vn'),
  termsUrl: setting(env.VITE_TERMS_URL, 'https://example.vn/terms'),
  /** Script URL of the live-chat widget; empty means no widget. */
  liveChatScriptUrl: env.VITE_LIVECHAT_SCRIPT_URL?.trim() ?? '',
} as const;
