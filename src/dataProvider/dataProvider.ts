/**
 * react-admin's dataProvider over the contract. Each resource is one row of RESOURCE_PATHS;
 * lists follow the contract's paging shape `{items, total}`. Calls that are not CRUD (pay an
 * order, power a server on, …) are named methods beside the CRUD ones, added with the screen that
 * needs them, so `useDataProvider<PortalDataProvider>()` stays typed.
 */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';

import { errorStatus, observeAnswerDates, request, type RequestOptions } from '../api/client';
import { noteServerDate } from '../api/serverClock';
import type { components, operations } from '../api/schema';
import { getToken } from '../authProvider/sessionStore';
import { getStoredLocale } from '../i18n/locale';

// The signed-in portal decides what is due or overdue by the server's clock (serverClock.ts):
// from the first answer on, every answer's Date header keeps it.
observeAnswerDates(noteServerDate);

/** react-admin resource name → API collection path; a new resource adds its path here. */
export const RESOURCE_PATHS: Record<string, string> = {
  'cloud-server': '/cloud/servers',
  invoices: '/billing/invoices',
  'balance-adjustments': '/billing/balance_adjustments',
  payments: '/billing/payments',
  packages: '/billing/packages',
  orders: '/billing/orders',
  'ssh-keys': '/cloud/ssh_keys',
  volume: '/storage/volumes',
  snapshot: '/storage/snapshots',
  ticket: '/support/tickets',
  'agency-accounts': '/agency/accounts',
  'agency-invoices': '/agency/invoices',
};

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
export type SnapshotSchedule = Schemas['SnapshotSchedule'];
export type CreateSnapshotScheduleRequest = Schemas['CreateSnapshotScheduleRequest'];
export type UpdateSnapshotScheduleRequest = Schemas['UpdateSnapshotScheduleRequest'];
export type Snapshot = Schemas['Snapshot'];
export type SnapshotStatus = Schemas['SnapshotStatus'];
export type SnapshotCharge = Schemas['SnapshotCharge'];
export type CreateSnapshotRequest = Schemas['CreateSnapshotRequest'];
export type RestoreSnapshotRequest = Schemas['RestoreSnapshotRequest'];
export type VolumeCharge = Schemas['VolumeCharge'];
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

function call<T>(path: string, options: Omit<RequestOptions, 'credentials' | 'locale'> = {}) {
  const token = getToken() ?? '';
  return request<T>(path, {
    ...options,
    credentials: { kind: 'token', token },
    locale: getStoredLocale(),
  });
}

export const dataProvider = {
  getList: async (resource, params) => {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const query: RequestOptions['query'] = { page, per_page: perPage };
    for (const [name, value] of Object.entries(params.filter ?? {})) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        query[name] = value;
      }
    }
    if (params.sort?.field) {
      query.sort = params.sort.field;
      query.order = params.sort.order.toLowerCase();
    }
    const { items, total } = await call<Page<RaRecord>>(pathOf(resource), { query });
    return { data: items, total } as never;
  },
  getOne: async (resource, params) => ({
    data: (await call<RaRecord>(`${pathOf(resource)}/${params.id}`)) as never,
  }),
  getMany: async (resource, params) => ({
    data: (await Promise.all(
      params.ids.map((id: Identifier) => call<RaRecord>(`${pathOf(resource)}/${id}`)),
    )) as never,
  }),
  getManyReference: async () => {
    throw new Error('getManyReference is not used by the portal');
  },
  create: async (resource, params) => ({
    data: (await call<RaRecord>(pathOf(resource), { method: 'POST', body: params.data })) as never,
  }),
  update: async (resource, params) => ({
    data: (await call<RaRecord>(`${pathOf(resource)}/${params.id}`, {
      method: 'PATCH',
      body: params.data,
    })) as never,
  }),
  updateMany: async () => {
    throw new Error('updateMany is not used by the portal');
  },
  delete: async (resource, params) => {
    await call<unknown>(`${pathOf(resource)}/${params.id}`, { method: 'DELETE' });
    return { data: params.previousData as never };
  },
  deleteMany: async (resource, params) => {
    await Promise.all(
      params.ids.map((id: Identifier) =>
        call<unknown>(`${pathOf(resource)}/${id}`, { method: 'DELETE' }),
      ),
    );
    return { data: params.ids };
  },

  // ---- catalog and keys (the create-server form) ----
  listImages: async () =>
    (await call<Page<Image>>('/catalog/images', { query: { per_page: ALL_ON_ONE_PAGE } })).items,
  listDatacenters: async () =>
    (await call<Page<Datacenter>>('/catalog/datacenters', { query: { per_page: ALL_ON_ONE_PAGE } }))
      .items,
  listSshKeys: async () =>
    (await call<Page<SshKey>>('/cloud/ssh_keys', { query: { per_page: ALL_ON_ONE_PAGE } })).items,

  // ---- prices, plans and orders ----
  /** Spec §7, as written: `name=…` or `category=…` with `per_page`; the array is `products`. */
  listProducts: async (query: ProductQuery) => {
    const extras = 'category' in query && query.category === 'extra';
    const perPage = extras ? EXTRA_PRODUCTS_PER_PAGE : ALL_ON_ONE_PAGE;
    return (
      await call<{ products: Product[] }>('/billing/products', {
        query: { ...query, per_page: perPage },
      })
    ).products;
  },
  listPlans: async (query: { product_category: ProductCategory; interval_count?: number }) =>
    (
      await call<Page<BillingPlan>>('/billing/plans', {
        query: { ...query, per_page: ALL_ON_ONE_PAGE },
      })
    ).items,
  calculatePrice: (body: CalculationRequest) =>
    call<Calculation>('/billing/calculation', { method: 'POST', body }),
  createOrder: (body: CreateOrderRequest) =>
    call<Order>('/billing/orders', { method: 'POST', body }),
  getOrder: (id: Identifier) => call<Order>(`/billing/orders/${id}`),
  listOrders: (query: { status?: OrderStatus; page?: number; per_page?: number }) =>
    call<Page<Order>>('/billing/orders', { query }),
  /** `?check=True`: the amounts with the coupon and whether the balance covers them; pays nothing. */
  previewOrderPayment: (id: Identifier, couponCode?: string) =>
    call<OrderPayment>(`/billing/orders/${id}/pay`, {
      method: 'POST',
      query: { check: 'True' },
      body: couponCode ? { coupon_code: couponCode } : {},
    }),
  payOrder: (id: Identifier, couponCode?: string) =>
    call<OrderPayment>(`/billing/orders/${id}/pay`, {
      method: 'POST',
      body: couponCode ? { coupon_code: couponCode } : {},
    }),
  cancelOrder: (id: Identifier) =>
    call<Order>(`/billing/orders/${id}/cancel`, { method: 'POST', body: {} }),

  // ---- invoices and coupons (the invoice and balance-history lists are resources above) ----
  getInvoice: (id: Identifier) => call<Invoice>(`/billing/invoices/${id}`),
  /** The invoice as a PDF, in `lang`. */
  getInvoicePdf: (id: Identifier, lang: 'vi' | 'en') =>
    call<Blob>(`/billing/invoices/${id}/pdf`, { query: { lang }, file: true }),
  /** The path is singular, as the contract writes it (the list is /billing/packages). */
  getPackage: (id: Identifier) => call<Package>(`/billing/package/${id}`),
  /** Without a coupon the body is empty: the contract reads that as "no coupon". */
  payInvoice: (id: Identifier, couponCode?: string) =>
    call<InvoicePayment>(`/billing/invoices/${id}/pay`, {
      method: 'POST',
      body: couponCode ? { coupon_code: couponCode } : {},
    }),
  /** Spec §7: a discount coupon is checked with `type=discount_invoice` before paying. */
  checkInvoiceCoupon: (code: string) =>
    call<Coupon>('/billing/coupons/check_code', { query: { code, type: 'discount_invoice' } }),
  /** Redeems a credit (gift) code into the balance. */
  applyCreditCoupon: (code: string) =>
    call<ApplyCouponResult>('/billing/apply_coupon', { method: 'POST', body: { code } }),

  // ---- top-ups through a payment gateway ----
  createPaymentRequest: (body: PaymentRequestCreate) =>
    call<PaymentRequest>('/billing/gen_payment_req_url', { method: 'POST', body }),
  completeTopup: (query: TopupReturnQuery) =>
    call<TopupResult>('/billing/topup', { query: { ...query } }),
  /** A top-up's outcome as the server recorded it (the result pages never trust their URL). */
  getPaymentAttempt: (reference: string) =>
    call<PaymentAttempt>(`/billing/payment_attempts/${encodeURIComponent(reference)}`),
  /** The top-ups the customer still waits for (bank transfers, payments a gateway holds). */
  listPendingTopups: () =>
    call<PaymentAttemptList>('/billing/payment_attempts', {
      query: { status: 'pending', per_page: 50 },
    }),

  // ---- server actions ----
  getServerProgress: (id: Identifier) => call<ServerProgress>(`/cloud/servers/${id}/progress`),
  performServerAction: (id: Identifier, action: ServerPowerAction) =>
    call<Server>(`/cloud/servers/${id}/action`, { method: 'POST', body: { action } }),
  /** Without a password one is generated and e-mailed to the account. */
  resetServerPassword: (id: Identifier, password?: string) =>
    call<Server>(`/cloud/servers/${id}/reset_password`, {
      method: 'POST',
      body: password ? { password } : {},
    }),
  rebuildServer: (id: Identifier, body: RebuildServerRequest) =>
    call<Server>(`/cloud/servers/${id}/rebuild`, { method: 'POST', body }),
  resizeServer: (id: Identifier, body: ResizeServerRequest) =>
    call<ServerCharge>(`/cloud/servers/${id}/resize`, { method: 'POST', body }),
  deleteServer: (id: Identifier, deleteVolumes: boolean) =>
    call<Server>(`/cloud/servers/${id}`, {
      method: 'DELETE',
      query: { delete_volumes: deleteVolumes },
    }),

  // ---- a server's IP addresses ----
  listServerIps: async (id: Identifier) =>
    (
      await call<Page<Ip>>(`/cloud/servers/${id}/ips`, {
        query: { per_page: ALL_ON_ONE_PAGE },
      })
    ).items,
  buyServerIps: (id: Identifier, body: BuyIpRequest) =>
    call<IpPurchase>(`/cloud/servers/${id}/ips`, { method: 'POST', body }),
  deleteServerIp: (id: Identifier, ipId: Identifier) =>
    call<{ message: string }>(`/cloud/servers/${id}/ips/${ipId}`, { method: 'DELETE' }),

  // ---- a server's weekly auto-snapshot ----
  /** null when the server has none (the API answers 404). */
  getSnapshotSchedule: async (id: Identifier): Promise<SnapshotSchedule | null> => {
    try {
      return await call<SnapshotSchedule>(`/cloud/servers/${id}/snapshot_schedule`);
    } catch (error) {
      if (errorStatus(error) === 404) return null;
      throw error;
    }
  },
  createSnapshotSchedule: (id: Identifier, body: CreateSnapshotScheduleRequest) =>
    call<SnapshotSchedule>(`/cloud/servers/${id}/snapshot_schedule`, { method: 'POST', body }),
  updateSnapshotSchedule: (id: Identifier, body: UpdateSnapshotScheduleRequest) =>
    call<SnapshotSchedule>(`/cloud/servers/${id}/snapshot_schedule`, { method: 'PATCH', body }),
  deleteSnapshotSchedule: (id: Identifier) =>
    call<{ message: string }>(`/cloud/servers/${id}/snapshot_schedule`, { method: 'DELETE' }),

  // ---- snapshots (the list is the `snapshot` resource) ----
  /** Charged at once from the balance (402 when short). */
  createSnapshot: (body: CreateSnapshotRequest) =>
    call<SnapshotCharge>('/storage/snapshots', { method: 'POST', body }),

  // ---- the account page (/account) and its one-time codes ----
  getProfile: () => call<Profile>('/account/profile'),
  updateProfile: (body: UpdateProfileRequest) =>
    call<Profile>('/account/profile', { method: 'PATCH', body }),
  changePassword: (body: ChangePasswordRequest) =>
    call<{ message: string }>('/account/change_password', { method: 'POST', body }),
  getInvoiceInfo: () => call<InvoiceInfo>('/account/invoice_info'),
  updateInvoiceInfo: (body: UpdateInvoiceInfoRequest) =>
    call<InvoiceInfo>('/account/invoice_info', { method: 'PATCH', body }),
  requestEmailOtp: () => call<{ message: string }>('/auth/otp_email'),
  verifyEmailOtp: (otp: string) =>
    call<{ message: string }>('/auth/otp_email', { method: 'POST', body: { otp } }),
  requestSmsOtp: (recaptchaToken: string) =>
    call<OtpSent>('/auth/otp_sms', { method: 'POST', body: { recaptchaToken } }),
  verifySmsOtp: (otp: string) =>
    call<OtpVerified>('/auth/otp_sms', { method: 'PATCH', body: { otp } }),

  // ---- the dashboard (our extension: one summary of the account) ----
  getDashboardSummary: () => call<DashboardSummary>('/dashboard/summary'),

  // ---- the agency area (its accounts and invoices are the agency-* resources above) ----
  /** Without a year, the sandbox reports the one under way by its own clock. */
  getAgencyReport: (year?: number) =>
    call<AgencyReport>('/agency/report', { query: year === undefined ? {} : { year } }),

  // ---- a resource's own actions ----
  /**
   * `POST <the resource's path>/<id>/<action>` (a volume's attach, detach, extend …): a resource
   * declared in RESOURCE_PATHS needs no method of its own here for its actions.
   */
  postAction: <T>(resource: string, id: Identifier, action: string, body: object = {}) =>
    call<T>(`${pathOf(resource)}/${id}/${action}`, { method: 'POST', body }),
} satisfies DataProvider;

export type PortalDataProvider = typeof dataProvider;
