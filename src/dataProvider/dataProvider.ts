/**
 * react-admin's dataProvider over the contract. Each resource is one row of RESOURCE_PATHS;
 * lists follow the contract's paging shape `{items, total}`. Calls that are not CRUD (pay an
 * order, power a server on, …) are named methods beside the CRUD ones, added by the issue that
 * needs them, so `useDataProvider<PortalDataProvider>()` stays typed.
 */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';

import { request, type RequestOptions } from '../api/client';
import { getToken } from '../authProvider/sessionStore';
import { getStoredLocale } from '../i18n/locale';

/** react-admin resource name → API collection path. Later issues add their resources here. */
export const RESOURCE_PATHS: Record<string, string> = {};

interface Page<T> {
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
} satisfies DataProvider;

export type PortalDataProvider = typeof dataProvider;
