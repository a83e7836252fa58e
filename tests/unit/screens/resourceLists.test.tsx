// @vitest-environment jsdom
/**
 * Volumes, snapshots and SSH keys sort and filter as the server list does (issue 19 §5), each
 * list page has its heading, and a key's fingerprint has a copy button.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import { api, buyServer, renderPortal, signInAs, SMALL_SERVER } from './portalHarness';

const NOW = new Date('2025-03-26T05:20:00.000Z');
const MINUTE_MS = 60 * 1000;

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

function later(ms = MINUTE_MS) {
  vi.setSystemTime(new Date(Date.now() + ms));
}

/** The text of each row's first cell, in the order shown. */
function firstCells(): string[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent ?? '');
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('the SSH key list', () => {
  it('sorts by name, keeps the sort in the address, and copies a fingerprint', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    for (const name of ['zeta-key', 'alpha-key']) {
      const created = await api(sandbox(), token, 'POST', '/cloud/ssh_keys', { name });
      expect(created.status).toBe(201);
      later();
    }
    const keys = await api<{ items: { name: string; fingerprint: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/cloud/ssh_keys?per_page=100',
    );
    const alpha = keys.body.items.find((key) => key.name === 'alpha-key');
    renderPortal('/ssh-keys');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'SSH Key' })).toBeVisible();
    await screen.findByText('alpha-key');
    await user.click(screen.getByRole('button', { name: /^Sắp xếp theo tên khoá/ }));
    await waitFor(() => expect(location()).toMatch(/sort=name/));
    await waitFor(() => {
      const names = firstCells().flatMap((cell) => /^(alpha|zeta)-key/.exec(cell)?.[0] ?? []);
      expect(names).toEqual(['alpha-key', 'zeta-key']);
    });

    await user.click(
      screen.getByRole('button', { name: 'Sao chép dấu vân tay của khoá alpha-key' }),
    );
    expect(await navigator.clipboard.readText()).toBe(alpha?.fingerprint);
    expect(screen.getByRole('status')).toHaveTextContent('Đã sao chép');
  });
});

describe('the volume and snapshot lists', () => {
  it('sort volumes by size, and filter snapshots by their source', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const serverId = await buyServer(sandbox(), token, {
      ...SMALL_SERVER,
      dataDisks: [
        { size: 20, type: 'HDD' },
        { size: 50, type: 'HDD' },
      ],
    });
    later();
    const volumes = await api<{ items: { id: number; name: string; size: number }[] }>(
      sandbox(),
      token,
      'GET',
      '/storage/volumes',
    );
    const small = volumes.body.items.find((volume) => volume.size === 20);
    for (const body of [
      { name: 'data-copy', volume_id: small?.id },
      { name: 'root-copy', server_id: serverId },
    ]) {
      expect((await api(sandbox(), token, 'POST', '/storage/snapshots', body)).status).toBe(201);
      later();
    }

    renderPortal('/volume');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Volume' })).toBeVisible();
    await screen.findAllByText('50 GB');
    await user.click(screen.getByRole('button', { name: /^Sắp xếp theo dung lượng/ }));
    await waitFor(() => expect(location()).toMatch(/sort=size/));
    await waitFor(() => {
      const sizes = screen.getAllByRole('row').flatMap((row) => {
        const cell = within(row).queryByText(/^\d+ GB$/);
        return cell ? [cell.textContent] : [];
      });
      expect(sizes).toEqual(['50 GB', '20 GB']);
    });

    cleanup();
    renderPortal('/snapshot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Snapshot' })).toBeVisible();
    await screen.findByText('root-copy');
    await user.click(screen.getByRole('combobox', { name: 'Nguồn' }));
    await user.click(await screen.findByRole('option', { name: 'Ổ đĩa gốc máy chủ' }));
    // The filter form waits for changes to settle by the clock (lodash's debounce reads Date).
    later(1000);
    await waitFor(() => expect(screen.queryByText('data-copy')).toBeNull());
    expect(screen.getByText('root-copy')).toBeVisible();
    expect(location()).toMatch(/server/);
  });
});
