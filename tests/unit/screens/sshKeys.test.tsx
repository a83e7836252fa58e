// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generateKeyPairSync } from 'node:crypto';
import { MemoryRouter } from 'react-router-dom';
import sshpk from 'sshpk';
import { describe, expect, it } from 'vitest';

import App from '../../../src/App';
import { formatDate } from '../../../src/domain/dates';
import { englishMessages } from '../../../src/i18n/englishMessages';
import { sandboxPerTest } from '../../support/sandbox';
import { api, loseAnswerOf, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

interface ApiKey {
  id: number;
  name: string;
  fingerprint: string;
  generated: boolean;
  created: string;
}

function ed25519Line(): string {
  const pair = generateKeyPairSync('ed25519');
  const key = sshpk.parseKey(pair.publicKey.export({ type: 'spki', format: 'pem' }), 'pem');
  key.comment = 'me@laptop';
  return key.toString('ssh');
}

const INVALID_FORM_TOAST = 'Biểu mẫu không hợp lệ. Vui lòng kiểm tra các lỗi';

const DSA_LINE =
  'ssh-dss AAAAB3NzaC1kc3MAAACBAMs4J23lUyYxmTExOBGYiUZzFkCS+ugECCodrw4BXqR4E3IGwQTvNGVZxWlEoiw9IXu1cn0wupNe0Lz6UldHjEzQMTRRUqO9dz2uHlL5OKJujCGX+8WI2fp/6ACSTfsqLFBEXbEc3y3yC8kqyGrHA8+vwYCePWik91D+usF+gVQlAAAAFQCEuQ+iH2Lb90NzPXg9w6jJlvDdqQAAAIBrHVsg986EB0Hl9PvGlpO3QA5Z3Ua5Twlj71Ga3fPvaFv8gyoSLUN1f4aKkC+8mZtM8vBfjxUSG9Xm6Gmj4Spnv02yxaATBCpEViBQe+p3fXt7URKjcBvCT8+02viu1vcPRJWOq25TAYNZBu1GRjmqetMcPmxNcnZZoa7CImmzYAAAAIAw/Iqtxj8oqz03bgXroK252V9JxVH/ay9PvaD6l8RnZ89mvDdEYM2TPs062knq/moKZourxjZJYcM88OKtKnbasMx7jjcts57t7bFqvZM098zAMn5oUl1zux0Uo0xsiu6LO22gsgMeRQwsiA2iEjJBxbTPcQSoM/zZ957Wawa4Xg== old@host';

async function keysOf(token: string): Promise<ApiKey[]> {
  const { body } = await api<{ items: ApiKey[] }>(sandbox(), token, 'GET', '/cloud/ssh_keys');
  return body.items;
}

/** Pastes text into a field as a customer does (typing would take a long key char by char). */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('the SSH key list', () => {
  it('leads a customer without keys to add one', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/ssh-keys');
    expect(await screen.findByText('Bạn chưa có SSH key nào')).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Thêm SSH key' });
    expect(links.some((link) => link.getAttribute('href') === '/ssh-keys/create')).toBe(true);
  });

  it('shows each key’s type, fingerprint and date, and deletes one after its name is typed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await api(sandbox(), token, 'POST', '/cloud/ssh_keys', {
      name: 'laptop',
      public_key: ed25519Line(),
    });
    const [key] = await keysOf(token);
    renderPortal('/ssh-keys');

    const row = (await screen.findByText('laptop')).closest('tr') as HTMLElement;
    expect(within(row).getByText('ED25519 · 256 bit')).toBeVisible();
    expect(within(row).getByText(key?.fingerprint as string)).toBeVisible();
    expect(key?.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(within(row).getByText(formatDate(key?.created as string))).toBeVisible();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Xoá SSH key laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xoá SSH key laptop' });
    expect(dialog).toHaveTextContent(
      'Các máy chủ đã tạo với khoá này vẫn giữ khoá đã cài và vẫn đăng nhập được bằng khoá đó. Máy chủ tạo mới sẽ không chọn được khoá này nữa.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Xoá khoá' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Nhập tên khoá "laptop" để xác nhận'), 'laptop');
    await user.click(confirm);

    expect(await screen.findByText('Đã xoá SSH key laptop.')).toBeVisible();
    expect(await screen.findByText('Bạn chưa có SSH key nào')).toBeVisible();
    expect(await keysOf(token)).toEqual([]);
  });

  it('shows a blocked customer why keys cannot be deleted', async () => {
    const token = await signInAs(sandbox(), 'expired@example.vn');
    await api(sandbox(), token, 'POST', '/cloud/ssh_keys', { name: 'old-laptop' });
    renderPortal('/ssh-keys');
    const row = (await screen.findByText('old-laptop')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Tạo tự động')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Xoá SSH key old-laptop' })).toBeDisabled();
    // The trial's bill is its only overdue invoice: the notice names the trial alone.
    expect(
      await screen.findByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.'),
    ).toBeVisible();
  });
});

describe('adding an SSH key', () => {
  it('adds a pasted key and lists it with the sandbox’s fingerprint', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const line = ed25519Line();
    renderPortal('/ssh-keys/create');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Tên khoá'), 'laptop');
    await paste(user, screen.getByLabelText('Khoá công khai (public key)'), line);
    await user.click(screen.getByRole('button', { name: 'Thêm SSH key' }));

    expect(await screen.findByText('Đã thêm SSH key laptop.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/ssh-keys$/));
    const [key] = await keysOf(token);
    expect(key).toMatchObject({ name: 'laptop', generated: false });
    expect(await screen.findByText(key?.fingerprint as string)).toBeVisible();
  });

  it('shows the sandbox’s refusal of a bad key under the field and keeps what was typed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/ssh-keys/create');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Tên khoá'), 'old-key');
    const publicKey = screen.getByLabelText('Khoá công khai (public key)');
    await paste(user, publicKey, DSA_LINE);
    await user.click(screen.getByRole('button', { name: 'Thêm SSH key' }));

    const message =
      'Khoá DSA (ssh-dss) không còn an toàn nên không được chấp nhận. Hãy dùng khoá ed25519, ecdsa hoặc rsa từ 2048 bit.';
    expect(await screen.findByText(message)).toBeVisible();
    expect(publicKey).toHaveAccessibleDescription(message);
    expect(publicKey).toHaveValue(DSA_LINE);
    expect(screen.getByLabelText('Tên khoá')).toHaveValue('old-key');
    expect(sandbox().requests).toContain('POST /api/v1/cloud/ssh_keys');
    expect(await keysOf(token)).toEqual([]);
  });

  it('refuses a pasted private key before it leaves the browser', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/ssh-keys/create');
    const user = userEvent.setup();
    const privateKey = sshpk
      .parsePrivateKey(
        generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
        'pem',
      )
      .toString('openssh');

    await user.type(await screen.findByLabelText('Tên khoá'), 'laptop');
    await paste(user, screen.getByLabelText('Khoá công khai (public key)'), privateKey);
    await user.click(screen.getByRole('button', { name: 'Thêm SSH key' }));

    expect(
      await screen.findByText(
        'Đây là khoá bí mật (private key) — hãy dán nội dung tệp .pub; không bao giờ chia sẻ khoá bí mật.',
      ),
    ).toBeVisible();
    expect(sandbox().requests).not.toContain('POST /api/v1/cloud/ssh_keys');
    // The form's own check stopped it: react-admin's toast says so.
    expect(await screen.findByText(INVALID_FORM_TOAST)).toBeVisible();
  });

  it('shows the spec’s message under the name when the name is taken', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await api(sandbox(), token, 'POST', '/cloud/ssh_keys', { name: 'laptop' });
    renderPortal('/ssh-keys/create');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Tên khoá');
    await user.type(name, 'LAPTOP');
    await user.click(screen.getByRole('button', { name: 'Thêm SSH key' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Tên máy chủ hoặc tên key đã tồn tại.'),
    );
    expect(name).toHaveValue('LAPTOP');
    // The server refused a valid form: no toast calling the form invalid beside its message.
    expect(screen.queryByText(INVALID_FORM_TOAST)).not.toBeInTheDocument();
  });

  it('ends a generate whose answer was lost as done: says where the private key went, one key made', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/ssh-keys/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tên khoá'), 'laptop-key-2');
    loseAnswerOf('POST', '/cloud/ssh_keys');
    await user.click(screen.getByRole('button', { name: 'Thêm SSH key' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Đã tạo cặp khoá laptop-key-2');
    expect(notice).toHaveTextContent('Khoá bí mật đã được gửi tới email demo@example.vn.');
    expect((await keysOf(token)).map((key) => key.name)).toEqual(['laptop-key-2']);
  });

  it('generates a pair for a blank key, says where the private key went, and the create-server form offers the new key at once', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    // The create-server form has read (and cached) the account's keys: none yet.
    renderPortal('/cloud-server/create');
    const user = userEvent.setup();
    expect(await screen.findByText(/Bạn chưa có SSH key nào/)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Thêm SSH key' }));

    await user.type(await screen.findByLabelText('Tên khoá'), 'generated-1');
    await user.click(screen.getByRole('button', { name: 'Thêm SSH key' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Đã tạo cặp khoá generated-1');
    expect(notice).toHaveTextContent('Khoá bí mật đã được gửi tới email demo@example.vn.');
    expect(notice).toHaveTextContent('Đây là bản duy nhất');
    const [mail] = await sandbox().outbox('demo@example.vn');
    // In the language the portal is used in, as every mail to the account.
    expect(mail?.subject).toBe('Khoá bí mật SSH generated-1');
    expect(mail?.text).toContain('-----BEGIN OPENSSH PRIVATE KEY-----');
    expect(document.body).not.toHaveTextContent('PRIVATE KEY');

    // Back to the create-server form, without a reload: the new key, the only one, is chosen.
    await user.click(screen.getByRole('link', { name: 'Tạo máy chủ' }));
    await user.click(await screen.findByLabelText('Dùng SSH key'));
    expect(await screen.findByRole('checkbox', { name: 'generated-1' })).toBeChecked();
  });

  it('speaks English when the customer chose it, the sandbox’s refusal included', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    localStorage.setItem('locale', 'en');
    render(
      <MemoryRouter initialEntries={['/ssh-keys/create']}>
        <App locale="en" messages={englishMessages} onLocaleChange={async () => undefined} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Key name'), 'laptop');
    await paste(user, screen.getByLabelText('Public key'), 'ssh-ed25519 AAAAC3Nza demo');
    await user.click(screen.getByRole('button', { name: 'Add SSH key' }));
    expect(
      await screen.findByText(
        'This is not a valid public key. Paste the whole line of the .pub file, starting with ssh-ed25519, ecdsa-sha2-… or ssh-rsa.',
      ),
    ).toBeVisible();
  });
});
