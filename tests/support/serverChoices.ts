/** Create-server choices shared by the sandbox's tests, the screen tests and the e2e specs. */
import type { ServerChoice } from '../../src/domain/serverOrder';

/** A small Ubuntu server in Hà Nội that the demo accounts can afford; tests change what they need. */
export const SMALL_SERVER: ServerChoice = {
  name: 'web-01',
  os: 'Ubuntu 22.04',
  datacenter: 'HN',
  cpu: 1,
  ram: 1,
  disk: 20,
  diskType: 'SSD',
  dataDisks: [],
  extraIpv4: 0,
  ipv6: false,
  keyName: null,
  interval: 1,
};
