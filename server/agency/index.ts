/** The `agency` area: an agency's customer accounts, their invoices and the report. */
import type { SandboxArea } from '../platform/area';
import { agencyHandlers, requireAgency } from './agencyHandlers';

export const agencyArea: SandboxArea = {
  name: 'agency',
  handlers: agencyHandlers,
  admit: (caller) => void requireAgency(caller),
};
