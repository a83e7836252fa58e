/** TanStack Query keys of the account page's reads, shared by its cards. */
export const ACCOUNT_QUERY_KEYS = {
  profile: ['account', 'profile'],
  invoiceInfo: ['account', 'invoice-info'],
} as const;
