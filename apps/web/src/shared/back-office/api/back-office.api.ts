import type { ApiSuccess, AuditEntry, EmailDiscoveryView, ReconciliationResult } from '#pie/contracts';
import { adminBaseApi, LIST, unwrap, unwrapPage, type Paged } from '../../api';

/** Query-string parameters of a back-office list (page, limit, search and the list's own filters). */
export type ListParams = Record<string, string | number | undefined>;

const clean = (params: ListParams) => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
const RECORDS = [{ type: 'AdminRecord' as const, id: LIST }];
const AUDIT = [{ type: 'AdminAudit' as const, id: LIST }];

/**
 * The back office (`/api/admin/*`): lists and records read with `listOf`/`recordOf` by path, and
 * the actions, each of which invalidates the records and the audit log (every action is audited).
 */
export const backOfficeApi = adminBaseApi.injectEndpoints({
  endpoints: (build) => ({
    listOf: build.query<Paged<Record<string, any>>, { path: string; params: ListParams }>({
      query: ({ path, params }) => ({ url: path, params: clean(params) }),
      transformResponse: unwrapPage<Record<string, any>>,
      providesTags: RECORDS,
    }),
    recordOf: build.query<any, string>({
      query: (path) => ({ url: path }),
      transformResponse: unwrap<any>,
      providesTags: RECORDS,
    }),
    auditLog: build.query<Paged<AuditEntry>, ListParams>({
      query: (params) => ({ url: 'audit-log', params: clean(params) }),
      transformResponse: unwrapPage<AuditEntry>,
      providesTags: AUDIT,
    }),
    discoveryProgress: build.query<EmailDiscoveryView, string>({
      query: (artistId) => ({ url: `artists/${artistId}/email-discovery/progress` }),
      transformResponse: unwrap<EmailDiscoveryView>,
    }),
    adminAction: build.mutation<unknown, { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown }>({
      query: ({ method, path, body }) => ({ url: path, method, body }),
      transformResponse: (response: ApiSuccess<unknown>) => response.data,
      invalidatesTags: (_result, error) => (error ? [] : [...RECORDS, ...AUDIT]),
    }),
    reconciliationRun: build.query<ReconciliationResult, string>({
      query: (runId) => ({ url: `financial-reconciliation/runs/${runId}` }),
      transformResponse: unwrap<ReconciliationResult>,
    }),
    runCheck: build.mutation<ReconciliationResult, string>({
      query: (type) => ({ url: `financial-reconciliation/run-${type}-check`, method: 'POST' }),
      transformResponse: unwrap<ReconciliationResult>,
      invalidatesTags: (_result, error) => (error ? [] : [...RECORDS, ...AUDIT]),
    }),
  }),
});

export const { useListOfQuery, useRecordOfQuery, useAuditLogQuery, useDiscoveryProgressQuery, useAdminActionMutation, useRunCheckMutation, useReconciliationRunQuery } = backOfficeApi;
