/** The `dashboard` area: the dashboard's summary. */
import type { SandboxArea } from '../platform/area';
import { dashboardHandlers } from './dashboardHandlers';

export const dashboardArea: SandboxArea = {
  name: 'dashboard',
  handlers: dashboardHandlers,
};
