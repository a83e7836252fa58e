/** The `compute` area: cloud servers: their orders, power, resize, rebuild and passwords. */
import type { SandboxArea } from '../platform/area';
import { serverHandlers } from './serverHandlers';

export const computeArea: SandboxArea = {
  name: 'compute',
  handlers: serverHandlers,
};
