// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createI18nProvider } from '../i18n/i18nProvider';
import { vi as vietnamese } from '../i18n/vi';
import { ConfirmByNameDialog, type ConfirmByNameDialogProps } from './ConfirmByNameDialog';

afterEach(cleanup);

function renderDialog(overrides: Partial<ConfirmByNameDialogProps> = {}) {
  const props: ConfirmByNameDialogProps = {
    open: true,
    title: 'Xoá máy chủ web-01',
    name: 'web-01',
    prompt: 'Nhập tên máy chủ "web-01" để xác nhận',
    confirmLabel: 'Xoá máy chủ',
    onConfirm: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  render(
    <AdminContext
      i18nProvider={createI18nProvider('vi', vietnamese, async () => undefined)}
      store={memoryStore()}
    >
      <ConfirmByNameDialog {...props} />
    </AdminContext>,
  );
  return props;
}

describe('the type-to-confirm dialog', () => {
  it('keeps the confirm button disabled until the exact name is typed', async () => {
    const user = userEvent.setup();
    renderDialog();
    const confirm = await screen.findByRole('button', { name: 'Xoá máy chủ' });
    const field = screen.getByLabelText('Nhập tên máy chủ "web-01" để xác nhận');
    expect(confirm).toBeDisabled();
    await user.type(field, 'web-0');
    expect(confirm).toBeDisabled();
    await user.type(field, '1 ');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'WEB-01');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'web-01');
    expect(confirm).toBeEnabled();
  });

  it('calls nothing when cancelled', async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await user.type(await screen.findByLabelText(/Nhập tên máy chủ/), 'web-01');
    await user.click(screen.getByRole('button', { name: 'Huỷ' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(props.onConfirm).not.toHaveBeenCalled();
  });

  it('confirms once, however often it is pressed or Enter is hit', async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    const field = await screen.findByLabelText(/Nhập tên máy chủ/);
    await user.type(field, 'web-01');
    const confirm = screen.getByRole('button', { name: 'Xoá máy chủ' });
    await user.dblClick(confirm);
    await user.type(field, '{Enter}');
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
  });

  it('waits for the extra fields too, and shows a spinner while the call runs', async () => {
    const user = userEvent.setup();
    renderDialog({ ready: false });
    await user.type(await screen.findByLabelText(/Nhập tên máy chủ/), 'web-01');
    expect(screen.getByRole('button', { name: 'Xoá máy chủ' })).toBeDisabled();
    cleanup();
    renderDialog({ busy: true });
    const confirm = await screen.findByRole('button', { name: 'Xoá máy chủ' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Huỷ' })).toBeDisabled();
  });
});
