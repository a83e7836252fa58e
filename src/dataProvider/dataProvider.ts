/**
 * react-admin's dataProvider over the contract. A resource's CRUD calls go to its declared path;
 * lists follow the contract's paging shape `{items, total}`. Calls that are not CRUD (pay an
 * order, power a server on, …) are named methods beside the CRUD ones, added with the screen that
 * needs them, so `useDataProvider<PortalDataProvider>()` stays typed.
 */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';

import {
  errorStatus,
  observeAnswerDates,
  requestRuntimePath,
  type Query,
  type RequestOptions,
  type Session,
} from '../api/client';
import type { HttpMethod } from '../api/contractCall';
import { contractClient } from '../api/contractClient';
import { noteServerDate } from '../api/serverClock';
import type { components, operations } from '../api/schema';
import { getToken } from '../authProvider/sessionStore';
import { getStoredLocale } from '../i18n/locale';
import { RESOURCES } from '../portalResources';

// The signed-in portal decides what is due or overdue by the server's clock (serverClock.ts):
// from the first answer on, every answer's Date header keeps it.
observeAnswerDates(noteServerDate);

/**
 * react-admin resource name → API collection path, from each resource's declaration
 * (src/portalResources.ts).
 */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  RESOURCES.map((resource) => [resource.name, resource.apiPath]),
);

type Schemas = components['schemas'];
export type Server = Schemas['Server'];
export type ServerStatus = Schemas['ServerStatus'];
export type ServerProgress = Schemas['ServerProgress'];
export type ServerCharge = Schemas['ServerCharge'];
export type Image = Schemas['Image'];
export type Datacenter = Schemas['Datacenter'];
export type SshKey = Schemas['SshKey'];
export type Product = Schemas['Product'];
export type ProductCategory = Schemas['ProductCategory'];
type ProductsQuery = NonNullable<operations['listProducts']['parameters']['query']>;
/** Spec §7: products are asked for by name (CPU, RAM, disks, snapshots) or by category. */
export type ProductQuery =
  | { name: NonNullable<ProductsQuery['name']> }
  | { category: NonNullable<ProductsQuery['category']> };
export type BillingPlan = Schemas['BillingPlan'];
export type Calculation = Schemas['Calculation'];
export type CalculationRequest = Schemas['CalculationRequest'];
export type Order = Schemas['Order'];
export type OrderStatus = Schemas['OrderStatus'];
export type OrderPayment = Schemas['OrderPayment'];
export type CreateOrderRequest = Schemas['CreateOrderRequest'];
export type Ip = Schemas['Ip'];
export type IpPurchase = Schemas['IpPurchase'];
export type BuyIpRequest = Schemas['BuyIpRequest'];
export type ReverseDns = Schemas['ReverseDns'];
export type ServerMetrics = Schemas['ServerMetrics'];
export type ServerMetricPoint = Schemas['ServerMetricPoint'];
export type SnapshotSchedule = Schemas['SnapshotSchedule'];
export type CreateSnapshotScheduleRequest = Schemas['CreateSnapshotScheduleRequest'];
export type UpdateSnapshotScheduleRequest = Schemas['UpdateSnapshotScheduleRequest'];
export type Snapshot = Schemas['Snapshot'];
export type SnapshotStatus = Schemas['SnapshotStatus'];
export type SnapshotCharge = Schemas['SnapshotCharge'];
export type CreateSnapshotRequest = Schemas['CreateSnapshotRequest'];
export type RestoreSnapshotRequest = Schemas['RestoreSnapshotRequest'];
export type AttachVolumeRequest = Schemas['AttachVolumeRequest'];
export type ExtendVolumeRequest = Schemas['ExtendVolumeRequest'];
export type VolumeCharge = Schemas['VolumeCharge'];
export type Volume = Schemas['Volume'];
export type ServerPowerAction = Schemas['ServerActionRequest']['action'];
export type ResizeServerRequest = Schemas['ResizeServerRequest'];
export type RebuildServerRequest = Schemas['RebuildServerRequest'];
export type Invoice = Schemas['Invoice'];
export type InvoiceStatus = Schemas['InvoiceStatus'];
export type InvoicePayment = Schemas['InvoicePayment'];
export type Coupon = Schemas['Coupon'];
export type ApplyCouponResult = Schemas['ApplyCouponResult'];
export type BalanceAdjustment = Schemas['BalanceAdjustment'];
export type BalanceAdjustmentType = Schemas['BalanceAdjustmentType'];
export type BalanceAdjustmentMethod = Schemas['BalanceAdjustmentMethod'];
export type PaymentGateway = Schemas['PaymentGateway'];
export type Payment = Schemas['Payment'];
export type Package = Schemas['Package'];
export type PackageStatus = Schemas['PackageStatus'];
export type ResourceType = Schemas['ResourceType'];
export type PaymentRequestCreate = Schemas['PaymentRequestCreate'];
export type PaymentRequest = Schemas['PaymentRequest'];
export type TopupResult = Schemas['TopupResult'];
export type PaymentAttempt = Schemas['PaymentAttempt'];
export type PaymentAttemptList = Schemas['PaymentAttemptList'];
export type AgencyAccount = Schemas['AgencyAccount'];
export type CreateAgencyAccountRequest = Schemas['CreateAgencyAccountRequest'];
export type AgencyInvoice = Schemas['AgencyInvoice'];
export type AgencyReport = Schemas['AgencyReport'];
export type DashboardSummary = Schemas['DashboardSummary'];
export type Profile = Schemas['Profile'];
export type UpdateProfileRequest = Schemas['UpdateProfileRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type InvoiceInfo = Schemas['InvoiceInfo'];
export type UpdateInvoiceInfoRequest = Schemas['UpdateInvoiceInfoRequest'];
export type OtpSent = Schemas['OtpSentResponse'];
export type OtpVerified = Schemas['OtpVerifiedResponse'];
export type AccountSession = Schemas['AccountSession'];
export type ApiToken = Schemas['ApiToken'];
export type CreateApiTokenRequest = Schemas['CreateApiTokenRequest'];
export type AccountActivity = Schemas['AccountActivity'];
export type AgencyActivity = Schemas['AgencyActivity'];
export type AgencyActivityQuery = NonNullable<
  operations['listAgencyActivity']['parameters']['query']
>;
/** The gateway's return query, forwarded as it came (the card gateway signs every field). */
export type TopupReturnQuery = operations['completeTopup']['parameters']['query'];

/** The contract's largest page: catalogs and a server's IPs are read in one request. */
export const ALL_ON_ONE_PAGE = 9999;
/** Spec §9: the extras are read 999 to a page, as the provider's portal does. */
const EXTRA_PRODUCTS_PER_PAGE = 999;

export interface Page<T> {
  items: T[];
  total: number;
}

function pathOf(resource: string): string {
  const path = RESOURCE_PATHS[resource];
  if (!path) throw new Error(`No API path is declared for the resource "${resource}"`);
  return path;
}

/** Who calls: the signed-in customer's token, read at each call, and the chosen language. */
const session = (): Session => ({
  credentials: { kind: 'token', token: getToken() ?? '' },
  locale: getStoredLocale(),
});

/** Every named method below: a path of the contract, checked at compile time. */
const call = contractClient(session);

/**
 * The one dynamic spot. react-admin's CRUD methods get a resource *name* at run time and reach its
 * path through RESOURCE_PATHS, so no literal path exists for the compiler to check against the
 * contract, and the answer is `unknown` (cast to react-admin's record shapes below). What can be
 * checked is: each resource declares its `apiPath` as a `keyof paths`, and in every test the
 * contract guard (tests/support/contractGuard.ts) fails a call whose path, method or query the
 * contract does not declare.
 */
const callResource = (
  method: HttpMethod,
  path: string,
  options: Omit<RequestOptions, keyof Session> = {},
) => requestRuntimePath(method, path, { ...options, ...session() });

export const dataProvider = {
  getList: async (resource, params) => {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const query: Query = { page, per_page: perPage };
    for (const [name, value] of Object.entries(params.filter ?? {})) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        query[name] = value;
      }
    }
    if (params.sort?.field) {
      query.sort = params.sort.field;
      query.order = params.sort.order.toLowerCase();
    }
    const { items, total } = (await callResource('GET', pathOf(resource), {
      params: { query },
    })) as Page<RaRecord>;
    return { data: items, total } as never;
  },
  getOne: async (resource, params) => ({
    data: (await callResource('GET', `${pathOf(resource)}/${params.id}`)) as never,
  }),
  getMany: async (resource, params) => ({
    data: (await Promise.all(
      params.ids.map((id: Identifier) => callResource('GET', `${pathOf(resource)}/${id}`)),
    )) as never,
  }),
  getManyReference: async () => {
    throw new Error('getManyReference is not used by the portal');
  },
  create: async (resource, params) => ({
    data: (await callResource('POST', pathOf(resource), { body: params.data })) as never,
  }),
  update: async (resource, params) => ({
    data: (await callResource('PATCH', `${pathOf(resource)}/${params.id}`, {
      body: params.data,
    })) as never,
  }),
  updateMany: async () => {
    throw new Error('updateMany is not used by the portal');
  },
  delete: async (resource, params) => {
    await callResource('DELETE', `${pathOf(resource)}/${params.id}`);
    return { data: params.previousData as never };
  },
  deleteMany: async (resource, params) => {
    await Promise.all(
      params.ids.map((id: Identifier) => callResource('DELETE', `${pathOf(resource)}/${id}`)),
    );
    return { data: params.ids };
  },

  // ---- catalog and keys (the create-server form) ----
  listImages: async () =>
    (await call('GET', '/catalog/images', { params: { query: { per_page: ALL_ON_ONE_PAGE } } }))
      .items,
  listDatacenters: async () =>
    (
      await call('GET', '/catalog/datacenters', {
        params: { query: { per_page: ALL_ON_ONE_PAGE } },
      })
    ).items,
  listSshKeys: async () =>
    (await call('GET', '/cloud/ssh_keys', { params: { query: { per_page: ALL_ON_ONE_PAGE } } }))
      .items,

  // ---- prices, plans and orders ----
  /** Spec §7, as written: `name=…` or `category=…` with `per_page`; the array is `products`. */
  listProducts: async (query: ProductQuery) => {
    const extras = 'category' in query && query.category === 'extra';
    const perPage = extras ? EXTRA_PRODUCTS_PER_PAGE : ALL_ON_ONE_PAGE;
    return (
      await call('GET', '/billing/products', { params: { query: { ...query, per_page: perPage } } })
    ).products;
  },
  listPlans: async (query: {
    product_category: ProductCategory;
    interval_count?: Schemas['IntervalCount'];
  }) =>
    (
      await call('GET', '/billing/plans', {
        params: { query: { ...query, per_page: ALL_ON_ONE_PAGE } },
      })
    ).items,
  /** Spec §7 exactly: GET /billing/plans?product_category=wanip&interval_count=1. */
  listIpPlans: async () =>
    (
      await call('GET', '/billing/plans', {
        params: { query: { product_category: 'wanip', interval_count: 1 } },
      })
    ).items,
  calculatePrice: (body: CalculationRequest) => call('POST', '/billing/calculation', { body }),
  createOrder: (body: CreateOrderRequest) => call('POST', '/billing/orders', { body }),
  getOrder: (id: Identifier) => call('GET', '/billing/orders/{id}', { params: { path: { id } } }),
  listOrders: (query: { status?: OrderStatus; page?: number; per_page?: number }) =>
    call('GET', '/billing/orders', { params: { query } }),
  /** `?check=True`: the amounts with the coupon and whether the balance covers them; pays nothing. */
  previewOrderPayment: (id: Identifier, couponCode?: string) =>
    call('POST', '/billing/orders/{id}/pay', {
      params: { path: { id }, query: { check: 'True' } },
      body: couponCode ? { coupon_code: couponCode } : {},
    }),
  payOrder: (id: Identifier, couponCode?: string) =>
    call('POST', '/billing/orders/{id}/pay', {
      params: { path: { id } },
      body: couponCode ? { coupon_code: couponCode } : {},
    }),
  cancelOrder: (id: Identifier) =>
    call('POST', '/billing/orders/{id}/cancel', { params: { path: { id } }, body: {} }),

  // ---- invoices and coupons (the invoice and balance-history lists are resources above) ----
  getInvoice: (id: Identifier) =>
    call('GET', '/billing/invoices/{id}', { params: { path: { id } } }),
  /** The invoice as a PDF, in `lang`. */
  getInvoicePdf: (id: Identifier, lang: 'vi' | 'en') =>
    call('GET', '/billing/invoices/{id}/pdf', {
      params: { path: { id }, query: { lang } },
      file: true,
    }),
  /** The path is singular, as the contract writes it (the list is /billing/packages). */
  getPackage: (id: Identifier) =>
    call('GET', '/billing/package/{id}', { params: { path: { id } } }),
  /** Without a coupon the body is empty: the contract reads that as "no coupon". */
  payInvoice: (id: Identifier, couponCode?: string) =>
    call('POST', '/billing/invoices/{id}/pay', {
      params: { path: { id } },
      body: couponCode ? { coupon_code: couponCode } : {},
    }),
  /** Spec §7: a discount coupon is checked with `type=discount_invoice` before paying. */
  checkInvoiceCoupon: (code: string) =>
    call('GET', '/billing/coupons/check_code', {
      params: { query: { code, type: 'discount_invoice' } },
    }),
  /** Redeems a credit (gift) code into the balance. */
  applyCreditCoupon: (code: string) => call('POST', '/billing/apply_coupon', { body: { code } }),

  // ---- top-ups through a payment gateway ----
  createPaymentRequest: (body: PaymentRequestCreate) =>
    call('POST', '/billing/gen_payment_req_url', { body }),
  completeTopup: (query: TopupReturnQuery) =>
    call('GET', '/billing/topup', { params: { query: { ...query } } }),
  /** A top-up's outcome as the server recorded it (the result pages never trust their URL). */
  getPaymentAttempt: (reference: string) =>
    call('GET', '/billing/payment_attempts/{reference}', { params: { path: { reference } } }),
  /** The top-ups the customer still waits for (bank transfers, payments a gateway holds). */
  listPendingTopups: () =>
    call('GET', '/billing/payment_attempts', {
      params: { query: { status: 'pending', per_page: 50 } },
    }),

  // ---- server actions ----
  getServerProgress: (id: Identifier) =>
    call('GET', '/cloud/servers/{id}/progress', { params: { path: { id } } }),
  performServerAction: (id: Identifier, action: ServerPowerAction) =>
    call('POST', '/cloud/servers/{id}/action', { params: { path: { id } }, body: { action } }),
  /** Without a password one is generated and e-mailed to the account. */
  resetServerPassword: (id: Identifier, password?: string) =>
    call('POST', '/cloud/servers/{id}/reset_password', {
      params: { path: { id } },
      body: password ? { password } : {},
    }),
  rebuildServer: (id: Identifier, body: RebuildServerRequest) =>
    call('POST', '/cloud/servers/{id}/rebuild', { params: { path: { id } }, body }),
  /** Our extension (issue 19): the root disk back from one of its snapshots; free. */
  restoreServer: (id: Identifier, snapshotId: number) =>
    call('POST', '/cloud/servers/{id}/restore', {
      params: { path: { id } },
      body: { snapshot_id: snapshotId },
    }),
  resizeServer: (id: Identifier, body: ResizeServerRequest) =>
    call('POST', '/cloud/servers/{id}/resize', { params: { path: { id } }, body }),
  deleteServer: (id: Identifier, deleteVolumes: boolean) =>
    call('DELETE', '/cloud/servers/{id}', {
      params: { path: { id }, query: { delete_volumes: deleteVolumes } },
    }),
  /** A one-time, one-minute ticket for the server's web console (our extension, issue 19). */
  createConsoleTicket: (id: Identifier) =>
    call('POST', '/cloud/servers/{id}/console', { params: { path: { id } } }),

  // ---- a server's IP addresses ----
  listServerIps: async (id: Identifier) =>
    (
      await call('GET', '/cloud/servers/{id}/ips', {
        params: { path: { id }, query: { per_page: ALL_ON_ONE_PAGE } },
      })
    ).items,
  /** `idempotencyKey`: one per purchase, sent again when its answer was lost (buys once). */
  buyServerIps: (id: Identifier, body: BuyIpRequest, idempotencyKey: string) =>
    call('POST', '/cloud/servers/{id}/ips', {
      params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
      body,
    }),
  deleteServerIp: (id: Identifier, ipId: Identifier) =>
    call('DELETE', '/cloud/servers/{id}/ips/{ip_id}', { params: { path: { id, ip_id: ipId } } }),
  listServerReverseDns: async (id: Identifier) =>
    (await call('GET', '/cloud/servers/{id}/reverse_dns', { params: { path: { id } } })).items,
  setServerIpReverseDns: (id: Identifier, ipId: Identifier, hostname: string) =>
    call('PUT', '/cloud/servers/{id}/ips/{ip_id}/reverse_dns', {
      params: { path: { id, ip_id: ipId } },
      body: { hostname },
    }),
  resetServerIpReverseDns: (id: Identifier, ipId: Identifier) =>
    call('DELETE', '/cloud/servers/{id}/ips/{ip_id}/reverse_dns', {
      params: { path: { id, ip_id: ipId } },
    }),
  getServerMetrics: (id: Identifier, period: ServerMetrics['period']) =>
    call('GET', '/cloud/servers/{id}/metrics', { params: { path: { id }, query: { period } } }),

  // ---- a server's weekly auto-snapshot ----
  /** null when the server has none (the API answers 404). */
  getSnapshotSchedule: async (id: Identifier): Promise<SnapshotSchedule | null> => {
    try {
      return await call('GET', '/cloud/servers/{id}/snapshot_schedule', {
        params: { path: { id } },
      });
    } catch (error) {
      if (errorStatus(error) === 404) return null;
      throw error;
    }
  },
  createSnapshotSchedule: (id: Identifier, body: CreateSnapshotScheduleRequest) =>
    call('POST', '/cloud/servers/{id}/snapshot_schedule', { params: { path: { id } }, body }),
  updateSnapshotSchedule: (id: Identifier, body: UpdateSnapshotScheduleRequest) =>
    call('PATCH', '/cloud/servers/{id}/snapshot_schedule', { params: { path: { id } }, body }),
  deleteSnapshotSchedule: (id: Identifier) =>
    call('DELETE', '/cloud/servers/{id}/snapshot_schedule', { params: { path: { id } } }),

  // ---- snapshots (the list is the `snapshot` resource) ----
  /** Charged at once from the balance (402 when short). */
  createSnapshot: (body: CreateSnapshotRequest) => call('POST', '/storage/snapshots', { body }),

  // ---- the account page (/account) and its one-time codes ----
  getProfile: () => call('GET', '/account/profile'),
  updateProfile: (body: UpdateProfileRequest) => call('PATCH', '/account/profile', { body }),
  changePassword: (body: ChangePasswordRequest) =>
    call('POST', '/account/change_password', { body }),
  getInvoiceInfo: () => call('GET', '/account/invoice_info'),
  updateInvoiceInfo: (body: UpdateInvoiceInfoRequest) =>
    call('PATCH', '/account/invoice_info', { body }),
  // The account's sessions and API tokens (issue 20).
  listAccountSessions: () =>
    call('GET', '/account/sessions', { params: { query: { per_page: ALL_ON_ONE_PAGE } } }),
  revokeAccountSession: (id: number) =>
    call('DELETE', '/account/sessions/{id}', { params: { path: { id } } }),
  revokeOtherAccountSessions: () => call('POST', '/account/sessions/revoke_others', { body: {} }),
  listApiTokens: () =>
    call('GET', '/account/api_tokens', { params: { query: { per_page: ALL_ON_ONE_PAGE } } }),
  createApiToken: (body: CreateApiTokenRequest) => call('POST', '/account/api_tokens', { body }),
  revokeApiToken: (id: number) =>
    call('DELETE', '/account/api_tokens/{id}', { params: { path: { id } } }),
  requestEmailOtp: () => call('GET', '/auth/otp_email'),
  verifyEmailOtp: (otp: string) => call('POST', '/auth/otp_email', { body: { otp } }),
  requestSmsOtp: (recaptchaToken: string) =>
    call('POST', '/auth/otp_sms', { body: { recaptchaToken } }),
  verifySmsOtp: (otp: string) => call('PATCH', '/auth/otp_sms', { body: { otp } }),

  // ---- two-step sign-in (issue 20, our extension) ----
  getTwoFactor: () => call('GET', '/account/two_factor'),
  startTwoFactorSetup: () => call('POST', '/account/two_factor/setup', { body: {} }),
  confirmTwoFactorSetup: (body: { password: string; code: string }) =>
    call('POST', '/account/two_factor/confirm', { body }),
  disableTwoFactor: (body: { password: string; code: string }) =>
    call('POST', '/account/two_factor/disable', { body }),
  renewTwoFactorRecoveryCodes: (body: { password: string; code: string }) =>
    call('POST', '/account/two_factor/recovery_codes', { body }),

  // ---- the dashboard (our extension: one summary of the account) ----
  getDashboardSummary: () => call('GET', '/dashboard/summary'),

  // ---- the activity log (issue 20, our extension): the account's, an agency's customers' ----
  listAccountActivity: (query: Omit<AgencyActivityQuery, 'account_id'>) =>
    call('GET', '/account/activity', { params: { query } }),
  listAgencyActivity: (query: AgencyActivityQuery) =>
    call('GET', '/agency/activity', { params: { query } }),

  // ---- the agency area (its accounts and invoices are the agency-* resources above) ----
  /** Without a year, the sandbox reports the one under way by its own clock. */
  getAgencyReport: (year?: number) =>
    call('GET', '/agency/report', { params: { query: year === undefined ? {} : { year } } }),

  // ---- a volume's, a snapshot's and a ticket's own actions ----
  attachVolume: (id: Identifier, body: AttachVolumeRequest) =>
    call('POST', '/storage/volumes/{id}/attach', { params: { path: { id } }, body }),
  detachVolume: (id: Identifier) =>
    call('POST', '/storage/volumes/{id}/detach', { params: { path: { id } } }),
  /** Charged at once from the balance (402 when short). */
  extendVolume: (id: Identifier, body: ExtendVolumeRequest) =>
    call('POST', '/storage/volumes/{id}/extend', { params: { path: { id } }, body }),
  restoreSnapshot: (id: Identifier, body: RestoreSnapshotRequest) =>
    call('POST', '/storage/snapshots/{id}/restore', { params: { path: { id } }, body }),
  replyToTicket: (id: Identifier, content: string) =>
    call('POST', '/support/tickets/{id}/replies', { params: { path: { id } }, body: { content } }),
  resolveTicket: (id: Identifier) =>
    call('POST', '/support/tickets/{id}/resolve', { params: { path: { id } } }),
  reopenTicket: (id: Identifier) =>
    call('POST', '/support/tickets/{id}/reopen', { params: { path: { id } } }),
} satisfies DataProvider;

export type PortalDataProvider = typeof dataProvider;
