/**
 * SSH keys (issue 8): a fresh customer adds a pasted key and a generated one (its private key
 * read from the outbox), sees a bad key refused with the reason, deletes a key, and then chooses
 * the new key in the create-server form. The account is this spec's own, so nothing another spec
 * does changes what it sees.
 */
import type { Page } from '@playwright/test';
import { generateKeyPairSync } from 'node:crypto';
import sshpk from 'sshpk';

import { axeViolations, expect, readOutbox, signIn, test, signInAsNewCustomer } from './support';

const PASSWORD = 'SshKeys1pass';

const NEW_CUSTOMER = { label: 'ssh-keys', fullname: 'Lê Khoá', password: PASSWORD };

/** A real ed25519 public key line, as `ssh-keygen` writes the .pub file, and its fingerprint. */
function newPublicKey(): { line: string; fingerprint: string } {
  const pair = generateKeyPairSync('ed25519');
  const key = sshpk.parseKey(pair.publicKey.export({ type: 'spki', format: 'pem' }), 'pem');
  key.comment = 'e2e@laptop';
  return { line: key.toString('ssh'), fingerprint: key.fingerprint('sha256').toString() };
}

const DSA_LINE =
  'ssh-dss AAAAB3NzaC1kc3MAAACBAMs4J23lUyYxmTExOBGYiUZzFkCS+ugECCodrw4BXqR4E3IGwQTvNGVZxWlEoiw9IXu1cn0wupNe0Lz6UldHjEzQMTRRUqO9dz2uHlL5OKJujCGX+8WI2fp/6ACSTfsqLFBEXbEc3y3yC8kqyGrHA8+vwYCePWik91D+usF+gVQlAAAAFQCEuQ+iH2Lb90NzPXg9w6jJlvDdqQAAAIBrHVsg986EB0Hl9PvGlpO3QA5Z3Ua5Twlj71Ga3fPvaFv8gyoSLUN1f4aKkC+8mZtM8vBfjxUSG9Xm6Gmj4Spnv02yxaATBCpEViBQe+p3fXt7URKjcBvCT8+02viu1vcPRJWOq25TAYNZBu1GRjmqetMcPmxNcnZZoa7CImmzYAAAAIAw/Iqtxj8oqz03bgXroK252V9JxVH/ay9PvaD6l8RnZ89mvDdEYM2TPs062knq/moKZourxjZJYcM88OKtKnbasMx7jjcts57t7bFqvZM098zAMn5oUl1zux0Uo0xsiu6LO22gsgMeRQwsiA2iEjJBxbTPcQSoM/zZ957Wawa4Xg== old@host';

async function expectFitsPhone(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
}

test('a customer adds a pasted key and a generated one, and builds a server with the new key', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email } = await signInAsNewCustomer(page, request, NEW_CUSTOMER);

  // No keys yet: the list says so and leads to the form (as the Create menu does).
  await page.goto('/idc/ssh-keys');
  await expect(page.getByText('Bạn chưa có SSH key nào')).toBeVisible();
  // The shell's footer is outside this spec's pages (and has its own contrast finding).
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Tạo mới' }).click();
  await page.getByRole('menuitem', { name: 'SSH Key' }).click();
  await expect(page).toHaveURL(/\/idc\/ssh-keys\/create$/);

  // A bad key is refused with the reason under the field, and what was typed stays.
  const name = page.getByRole('textbox', { name: 'Tên khoá' });
  const publicKey = page.getByLabel('Khoá công khai (public key)');
  await name.fill('old-key');
  await publicKey.fill(DSA_LINE);
  await page.getByRole('button', { name: 'Thêm SSH key' }).click();
  await expect(
    page.getByText(
      'Khoá DSA (ssh-dss) không còn an toàn nên không được chấp nhận. Hãy dùng khoá ed25519, ecdsa hoặc rsa từ 2048 bit.',
    ),
  ).toBeVisible();
  await expect(publicKey).toHaveValue(DSA_LINE);
  await expect(name).toHaveValue('old-key');
  expect(await axeViolations(page, 'main')).toEqual([]);

  // A pasted key.
  const pasted = newPublicKey();
  await name.fill('laptop');
  await publicKey.fill(pasted.line);
  await page.getByRole('button', { name: 'Thêm SSH key' }).click();
  await expect(page.getByText('Đã thêm SSH key laptop.')).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/ssh-keys$/);
  const row = page.getByRole('row').filter({ hasText: 'laptop' });
  await expect(row).toContainText('ED25519 · 256 bit');
  await expect(row).toContainText(pasted.fingerprint);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // A generated key: the private key is mailed, once, and never shown.
  await page.getByRole('link', { name: 'Thêm SSH key' }).first().click();
  await page.getByRole('textbox', { name: 'Tên khoá' }).fill('generated-1');
  await page.getByRole('button', { name: 'Thêm SSH key' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Đã tạo cặp khoá generated-1' });
  await expect(notice).toContainText(`Khoá bí mật đã được gửi tới email ${email}.`);
  await expect(notice).toContainText('Đây là bản duy nhất');
  await expect(page.getByText('PRIVATE KEY')).toHaveCount(0);
  const mail = (await readOutbox(request, email)).find((candidate) =>
    candidate.subject.includes('generated-1'),
  );
  const privateKey =
    /-----BEGIN OPENSSH PRIVATE KEY-----[\s\S]+?-----END OPENSSH PRIVATE KEY-----/.exec(
      mail?.text ?? '',
    )?.[0];
  expect(privateKey, 'the private key in the mail').toBeTruthy();
  const fingerprint = sshpk
    .parsePrivateKey(privateKey as string, 'openssh')
    .toPublic()
    .fingerprint('sha256')
    .toString();
  await expect(notice).toContainText(fingerprint);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The create-server form offers the new key at once, and an order can be placed with it.
  await page.getByRole('link', { name: 'Tạo máy chủ' }).click();
  await expect(page).toHaveURL(/\/idc\/cloud-server\/create$/);
  await page.getByLabel('Dùng SSH key').check();
  // Two keys: none is chosen for the customer; each is offered, and several may be chosen.
  await expect(page.getByRole('checkbox', { name: 'laptop' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'generated-1' }).check();
  await page.getByLabel('Tên máy chủ').fill(`key-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Đặt hàng' }).click();
  await expect(page).toHaveURL(/\/idc\/order\/create\?id=\d+/);
});

test('a customer deletes a key after typing its name, on a phone, in both languages', async ({
  page,
  request,
}) => {
  await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const added = await request.post('/api/v1/cloud/ssh_keys', {
    headers: { Authorization: `Token ${token}` },
    data: { name: 'phone-key', public_key: newPublicKey().line },
  });
  expect(added.status()).toBe(201);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/idc/ssh-keys/create');
  await expect(page.getByLabel('Khoá công khai (public key)')).toBeVisible();
  await expectFitsPhone(page);
  await page.goto('/idc/ssh-keys');
  await expect(page.getByText('phone-key')).toBeVisible();
  await expectFitsPhone(page);

  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Delete SSH key phone-key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete SSH key phone-key' });
  await expect(dialog).toContainText('Servers built with this key keep it installed');
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByLabel('Type the key name "phone-key" to confirm').fill('phone-key');
  await dialog.getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByText('SSH key phone-key deleted.')).toBeVisible();
  await expect(page.getByText('You have no SSH keys yet')).toBeVisible();
});

test('a customer with overdue invoices sees why keys cannot be deleted', async ({ page }) => {
  await signIn(page, 'expired@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page.goto('/idc/ssh-keys');
  await expect(
    page.getByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.'),
  ).toBeVisible();
});
