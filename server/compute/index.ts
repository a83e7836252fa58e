/** The `compute` area: cloud servers: their orders, power, resize, rebuild and passwords. */
import type { SandboxArea } from '../platform/area';
import { consoleHandlers } from './consoleHandlers';
import { CONSOLE_PASSWORD_MIGRATION } from './consoleRootPasswords';
import { CONSOLE_TICKET_CREDENTIAL_MIGRATION, CONSOLE_TICKET_MIGRATION } from './consoleTickets';
import { metricsHandlers } from './metrics';
import { serverHandlers } from './serverHandlers';
import { serverKeyMigrations } from './serverKeys';

export const computeArea: SandboxArea = {
  name: 'compute',
  handlers: { ...serverHandlers, ...metricsHandlers, ...consoleHandlers },
  migrations: [
    ...serverKeyMigrations,
    CONSOLE_PASSWORD_MIGRATION,
    CONSOLE_TICKET_MIGRATION,
    CONSOLE_TICKET_CREDENTIAL_MIGRATION,
  ],
};
