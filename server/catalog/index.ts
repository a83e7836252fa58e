/** The `catalog` area: images, datacenters, products and prices. */
import type { SandboxArea } from '../platform/area';
import { catalogHandlers } from './catalogHandlers';

export const catalogArea: SandboxArea = {
  name: 'catalog',
  handlers: catalogHandlers,
};
