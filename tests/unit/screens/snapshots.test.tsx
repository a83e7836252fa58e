// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest, type Sandbox } from '../../support/sandbox';
import {
  api,
  buyServer,
  registerConfirmed,
  renderPortal,
  signInAs,
  SMALL_SERVER,
} from './portalHarness';

const NOW = new Date('2025-03-10T03:00:00.000Z');
const MINUTE_MS = 60 * 1000;

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

/** Lets the sandbox's clock run past a build (20 s) and a snapshot (5 s). */
function timePasses() {
  vi.setSystemTime(new Date(Date.now() + MINUTE_MS));
}

/** A built server with a 30 GB HDD data volume `web-01-data-1`; answers the ids. */
async function serverWithVolume(token: string) {
  const serverId = await buyServer(sandbox(), token, {
    ...SMALL_SERVER,
    dataDisks: [{ size: 30, type: 'HDD' }],
  });
  timePasses();
  const volumes = await api<{ items: { id: number }[] }>(
    sandbox(),
    token,
    'GET',
    '/storage/volumes',
  );
  return { serverId, volumeId: (volumes.body.items[0] as { id: number }).id };
}

/** What the sandbox itself charges for `action` on `quantity` GB of `product`. */
async function sandboxPrice(
  box: Sandbox,
  token: string,
  action: string,
  product: string,
  quantity: number,
) {
  const { body } = await api<{ total: number }>(box, token, 'POST', '/billing/calculation', {
    action,
    products: [{ id_or_name: product, quantity }],
  });
  return body.total;
}

async function takeSnapshot(token: string, body: Record<string, unknown>) {
  const { status, body: answer } = await api<{ snapshot: { id: number } }>(
    sandbox(),
    token,
    'POST',
    '/storage/snapshots',
    body,
  );
  if (status !== 201) throw new Error(`snapshot failed: ${JSON.stringify(answer)}`);
  return answer.snapshot.id;
}

describe('the snapshot list', () => {
  it('leads a customer without snapshots to create one', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/snapshot');
    expect(await screen.findByText('Bạn chưa có snapshot nào')).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Tạo snapshot' });
    expect(links.some((link) => link.getAttribute('href') === '/snapshot/create')).toBe(true);
  });

  it('shows each snapshot with its source as text and links, polling until it is available', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { serverId, volumeId } = await serverWithVolume(token);
    await takeSnapshot(token, { name: 'root-copy', server_id: serverId });
    await takeSnapshot(token, { name: 'data-copy', volume_id: volumeId });
    renderPortal('/snapshot');

    const row = (await screen.findByText('data-copy')).closest('tr') as HTMLElement;
    expect(within(row).getByText('30 GB')).toBeVisible();
    expect(within(row).getByText('HDD')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'web-01-data-1' })).toHaveAttribute(
      'href',
      `/volume/${volumeId}/detail`,
    );
    expect(within(row).getByText('Đang tạo')).toBeVisible();
    expect(
      within(row).getByRole('button', { name: 'Khôi phục snapshot data-copy' }),
    ).toBeDisabled();
    const rootRow = screen.getByText('root-copy').closest('tr') as HTMLElement;
    expect(within(rootRow).getByRole('link', { name: 'Ổ đĩa gốc của web-01' })).toHaveAttribute(
      'href',
      `/cloud-server/${serverId}/detail`,
    );

    // While a copy is being taken the list asks again every couple of seconds.
    timePasses();
    await waitFor(() => expect(within(row).getByText('Sẵn sàng')).toBeVisible(), {
      timeout: 10_000,
    });
    expect(within(row).getByRole('button', { name: 'Khôi phục snapshot data-copy' })).toBeEnabled();
  });

  it("no longer lists a server's root-disk snapshots once the server is rebuilt", async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { serverId, volumeId } = await serverWithVolume(token);
    await takeSnapshot(token, { name: 'root-copy', server_id: serverId });
    await takeSnapshot(token, { name: 'data-copy', volume_id: volumeId });
    timePasses();
    const rebuilt = await api(sandbox(), token, 'POST', `/cloud/servers/${serverId}/rebuild`, {
      image_id: 2,
      password: 'RebuildPass2025!',
    });
    expect(rebuilt.status).toBe(202);
    renderPortal('/snapshot');
    expect(await screen.findByText('data-copy')).toBeVisible();
    expect(screen.queryByText('root-copy')).not.toBeInTheDocument();
  });
});

describe('creating a snapshot', () => {
  it('with nothing to copy yet, leads to creating a server or a volume and takes no order', async () => {
    await registerConfirmed(sandbox(), 'lan@example.vn');
    await signInAs(sandbox(), 'lan@example.vn');
    renderPortal('/snapshot/create');

    expect(await screen.findByText('Bạn chưa có volume hay máy chủ nào để sao lưu.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tạo máy chủ' })).toHaveAttribute(
      'href',
      '/cloud-server/create',
    );
    expect(screen.getByRole('link', { name: 'Tạo volume' })).toHaveAttribute(
      'href',
      '/volume/create',
    );
    expect(screen.getByRole('button', { name: 'Tạo snapshot' })).toBeDisabled();
  });

  it('asks for a volume and a valid name, keeping what was typed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await serverWithVolume(token);
    renderPortal('/snapshot/create');
    const name = await screen.findByRole('textbox', { name: /Tên snapshot/ });
    await userEvent.type(name, 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Tạo snapshot' }));
    expect(
      await screen.findByText('Snapshot cần có một volume: vui lòng chọn volume.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Tên chỉ gồm chữ cái, chữ số, dấu gạch ngang và gạch dưới, dài từ 5 đến 32 ký tự.',
      ),
    ).toBeVisible();
    expect(name).toHaveValue('ab');
    expect(sandbox().requests.filter((call) => call.startsWith('POST /api/v1/storage'))).toEqual(
      [],
    );
  });

  it('shows the price the sandbox charges, and takes the snapshot', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await serverWithVolume(token);
    renderPortal('/snapshot/create');
    expect(await screen.findByText('Chọn volume để xem giá.')).toBeVisible();

    await userEvent.click(await screen.findByRole('combobox', { name: /Volume cần sao lưu/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'web-01-data-1 (30 GB HDD)' }));
    const expected = await sandboxPrice(sandbox(), token, 'create_snapshot', 'SNAPSHOT HDD', 30);
    await waitFor(() =>
      expect(screen.getByTestId('snapshot-price-total')).toHaveTextContent(formatVnd(expected)),
    );

    // The root disk is priced by the SSD snapshot product.
    await userEvent.click(screen.getByRole('combobox', { name: /Volume cần sao lưu/ }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Ổ đĩa gốc của web-01 (20 GB SSD)' }),
    );
    const rootPrice = await sandboxPrice(sandbox(), token, 'create_snapshot', 'SNAPSHOT SSD', 20);
    await waitFor(() =>
      expect(screen.getByTestId('snapshot-price-total')).toHaveTextContent(formatVnd(rootPrice)),
    );

    await userEvent.type(screen.getByRole('textbox', { name: /Tên snapshot/ }), 'before-upgrade');
    await userEvent.click(
      screen.getByRole('button', { name: `Thanh toán ${formatVnd(rootPrice)} và tạo snapshot` }),
    );
    expect(await screen.findByText('Tạo snapshot before-upgrade thành công.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/snapshot$/));
    const { body } = await api<{ items: { name: string; server_id: number | null }[] }>(
      sandbox(),
      token,
      'GET',
      '/storage/snapshots',
    );
    expect(body.items).toEqual([expect.objectContaining({ name: 'before-upgrade' })]);
    const invoices = await api<{ items: { amount: number; resource_type: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/invoices',
    );
    expect(invoices.body.items[0]).toMatchObject({ amount: rootPrice, resource_type: 'snapshot' });
  });

  it("shows a blocked customer the reasons and doesn't offer the action", async () => {
    await signInAs(sandbox(), 'expired@example.vn');
    renderPortal('/snapshot/create');
    // The shell's banner says it too; the form repeats it above the action it blocks.
    const reasons = await screen.findAllByText(/đã hết hạn dùng thử/);
    const onThePage = reasons.filter(
      (element) =>
        element.closest('.MuiStack-root')?.querySelector('h1')?.textContent === 'Tạo snapshot',
    );
    expect(onThePage.length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Tạo snapshot/ })).toBeDisabled();
  });
});

describe('restoring and deleting', () => {
  it('restores into a new volume at the price of a new volume', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { volumeId } = await serverWithVolume(token);
    await takeSnapshot(token, { name: 'data-copy', volume_id: volumeId });
    timePasses();
    renderPortal('/snapshot');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Khôi phục snapshot data-copy' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Khôi phục snapshot data-copy' });
    const expected = await sandboxPrice(sandbox(), token, 'create_volume', 'DISK HDD', 30);
    await waitFor(() =>
      expect(within(dialog).getByTestId('snapshot-price-total')).toHaveTextContent(
        formatVnd(expected),
      ),
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Tên volume mới/ }),
      'restored-data',
    );
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: `Thanh toán ${formatVnd(expected)} và khôi phục`,
      }),
    );
    expect(
      await within(dialog).findByText(
        'Đang khôi phục snapshot data-copy vào volume mới restored-data.',
      ),
    ).toBeVisible();
    const volumes = await api<{ items: { id: number; name: string; size: number }[] }>(
      sandbox(),
      token,
      'GET',
      '/storage/volumes',
    );
    const restored = volumes.body.items.find((volume) => volume.name === 'restored-data');
    expect(restored).toMatchObject({ size: 30 });
    // The dialog leads to the new volume (issue 19).
    const open = within(dialog).getByRole('link', { name: 'Mở volume restored-data' });
    expect(open).toHaveAttribute('href', `/volume/${restored?.id}/detail`);
    await userEvent.click(open);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/volume/${restored?.id}/detail`),
    );
  });

  it('reports a taken volume name once, on the name field', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { volumeId } = await serverWithVolume(token);
    await takeSnapshot(token, { name: 'data-copy', volume_id: volumeId });
    timePasses();
    renderPortal('/snapshot');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Khôi phục snapshot data-copy' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Khôi phục snapshot data-copy' });
    const name = within(dialog).getByRole('textbox', { name: /Tên volume mới/ });
    await userEvent.type(name, 'web-01-data-1');
    await userEvent.click(within(dialog).getByRole('button', { name: /khôi phục$/ }));
    const taken = await within(dialog).findAllByText(/đã tồn tại/);
    expect(taken).toHaveLength(1);
    expect(name).toHaveAccessibleDescription(taken[0]?.textContent ?? '');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // No toast repeats it.
    expect(screen.getAllByText(/đã tồn tại/)).toHaveLength(1);
  });

  it('deletes after the name is typed, saying what is left of its month is not refunded', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { volumeId } = await serverWithVolume(token);
    const snapshotId = await takeSnapshot(token, { name: 'throwaway', volume_id: volumeId });
    timePasses();
    renderPortal('/snapshot');
    await userEvent.click(await screen.findByRole('button', { name: 'Xoá snapshot throwaway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xoá snapshot throwaway?' });
    // Charged to the end of this month: the rest of March is given up.
    const { body: snapshot } = await api<{ unused_prepaid_amount: number }>(
      sandbox(),
      token,
      'GET',
      `/storage/snapshots/${snapshotId}`,
    );
    expect(snapshot.unused_prepaid_amount).toBeGreaterThan(0);
    expect(within(dialog).getByTestId('unrefunded-note')).toHaveTextContent(
      `Phần đã thanh toán còn lại đến hết 31-03-2025 (khoảng ${formatVnd(snapshot.unused_prepaid_amount)}) sẽ không được hoàn lại.`,
    );
    const confirm = within(dialog).getByRole('button', { name: 'Xoá' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Nhập tên snapshot "throwaway" để xác nhận'),
      'throwaway',
    );
    await userEvent.click(confirm);
    expect(await screen.findByText('Đã xoá snapshot throwaway.')).toBeVisible();
    expect(await screen.findByText('Bạn chưa có snapshot nào')).toBeVisible();
  });
});
