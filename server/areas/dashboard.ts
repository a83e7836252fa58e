/**
 * The `dashboard` area (our extension): the summary the dashboard opens with, computed in
 * server/dashboard.ts from the same rows the lists read.
 */
import { dashboardSummary } from '../dashboard';
import { signedInUser } from '../guards';
import type { HandlerTable } from '../handler';

export const dashboardHandlers: HandlerTable = {
  getDashboardSummary: (ctx) => dashboardSummary(ctx.db, signedInUser(ctx), ctx.now()),
};
