/**
 * The `dashboard` area (our extension): the summary the dashboard opens with, computed in
 * dashboard/dashboard.ts from the same rows the lists read.
 */
import { dashboardSummary } from './dashboard';
import { signedInUser } from '../auth/guards';
import type { HandlerTable } from '../platform/handler';

export const dashboardHandlers: HandlerTable = {
  getDashboardSummary: (ctx) => dashboardSummary(ctx.db, signedInUser(ctx), ctx.now()),
};
