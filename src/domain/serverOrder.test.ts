import { describe, expect, it } from 'vitest';

import {
  createServerOrder,
  parseProductLine,
  resourceProductLines,
  serverProductLines,
  type ServerChoice,
} from './serverOrder';

const choice: ServerChoice = {
  name: 'web-01',
  os: 'Ubuntu 22.04',
  datacenter: 'HN',
  cpu: 2,
  ram: 4,
  disk: 40,
  diskType: 'SSD',
  dataDisks: [{ size: 100, type: 'HDD' }],
  extraIpv4: 1,
  ipv6: true,
  keyName: null,
  interval: 12,
};

describe('the create-server order', () => {
  it('names its products as the specification does', () => {
    expect(serverProductLines(choice)).toEqual([
      { id_or_name: 'cpu_2c', quantity: 1 },
      { id_or_name: 'ram_4gb', quantity: 1 },
      { id_or_name: 'volume_ssd_40gb', quantity: 1 },
      { id_or_name: 'volume_hdd_100gb', quantity: 1 },
      { id_or_name: 'wan_ipv4_1', quantity: 2 },
      { id_or_name: 'wan_ipv6_1', quantity: 1 },
    ]);
  });

  it('prices any number of IPv6 addresses an order carries, as the sandbox checks it', () => {
    const resources = { ...choice, ipv6: undefined };
    expect(resourceProductLines({ ...resources, ipv6Count: 3 }).at(-1)).toEqual({
      id_or_name: 'wan_ipv6_1',
      quantity: 3,
    });
    expect(resourceProductLines({ ...resources, ipv6Count: 0 }).at(-1)).toEqual({
      id_or_name: 'wan_ipv4_1',
      quantity: 2,
    });
  });

  it('has the shape of the pending order of §3', () => {
    const order = createServerOrder({
      ...choice,
      dataDisks: [],
      extraIpv4: 0,
      ipv6: false,
      interval: 1,
    });
    expect(order).toEqual({
      type: 'create_server',
      data: {
        os: 'Ubuntu 22.04',
        name: 'web-01',
        key_name: null,
        password: true,
        rootdisk: { size: 40, type: 'SSD', uom: 'GB' },
        datadisks: [],
        flavor_name: '2c_4g',
        cpu: { quantity: 2, uom: 'Core' },
        ram: { quantity: 4, uom: 'GB' },
        ipv4: { quantity: 0 },
        ipv6: { quantity: 0 },
        datacenter: 'HN',
        extra_products: [],
      },
      interval_count: 1,
      products: [
        { id_or_name: 'cpu_2c', quantity: 1 },
        { id_or_name: 'ram_4gb', quantity: 1 },
        { id_or_name: 'volume_ssd_40gb', quantity: 1 },
        { id_or_name: 'wan_ipv4_1', quantity: 1 },
      ],
    });
  });

  it('reads sized product names back', () => {
    expect(parseProductLine('cpu_2c')).toEqual({ code: 'cpu', units: 2 });
    expect(parseProductLine('volume_ssd_40gb')).toEqual({ code: 'volume_ssd', units: 40 });
    expect(parseProductLine('wan_ipv4_1')).toEqual({ code: 'wan_ipv4', units: 1 });
    expect(parseProductLine('gpu_1')).toBeNull();
    expect(parseProductLine('cpu')).toBeNull();
  });
});
