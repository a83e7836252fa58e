/** The `storage` area: volumes and snapshots. */
import type { SandboxArea } from '../platform/area';
import { storageHandlers } from './storageHandlers';
import { snapshotHandlers } from './snapshotHandlers';
import { serverRestoreHandlers } from './serverRestoreHandlers';

export const storageArea: SandboxArea = {
  name: 'storage',
  handlers: {
    ...storageHandlers,
    ...snapshotHandlers,
    ...serverRestoreHandlers,
  },
};
