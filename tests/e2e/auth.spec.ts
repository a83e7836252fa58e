import {
  axeViolations,
  DEMO_PASSWORD,
  expect,
  linkFromMail,
  readOutbox,
  signIn,
  test,
  uniqueEmail,
} from './support';

test('a visitor registers, confirms the e-mail from the outbox and reaches the dashboard', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('register');
  await page.goto('/idc/register');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Mật khẩu *', { exact: true }).fill('secret1');
  await page.getByLabel('Nhập lại mật khẩu *').fill('secret1');
  await page.getByLabel('Họ và tên *').fill('Lê Văn Khách');
  await page.getByLabel('Số điện thoại *').fill('0912345678');
  await page.getByRole('button', { name: 'Đăng ký' }).click();

  await expect(page).toHaveURL(/\/idc\/verify$/);
  await expect(page.getByText(`Chúng tôi đã gửi email xác thực tới ${email}.`)).toBeVisible();

  const link = await linkFromMail(request, email, '/idc/confirm?token=');
  await page.goto(link);
  await expect(page.getByText('Email đã được xác nhận.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await expect(page.getByText('Xin chào, Lê Văn Khách')).toBeVisible();
  await expect(page).toHaveTitle('Tổng quan | IDC Cloud');

  // The link is single-use: opening it again sends the visitor to login.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page).toHaveURL(/\/idc\/login$/);
});

test('a wrong password is refused with the message of the specification', async ({ page }) => {
  await signIn(page, 'demo@example.vn', 'not-the-password');
  await expect(page.getByText('Email hoặc mật khẩu không đúng.')).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue('demo@example.vn');
});

test('an unverified customer is held at /verify and can have the mail sent again', async ({
  page,
  request,
}) => {
  const before = (await readOutbox(request, 'unverified@example.vn')).length;
  await signIn(page, 'unverified@example.vn');
  await expect(page).toHaveURL(/\/idc\/verify$/);
  await expect(
    page.getByText('Chúng tôi đã gửi email xác thực tới unverified@example.vn.'),
  ).toBeVisible();

  // Held there: the dashboard sends the customer back.
  await page.goto('/idc/dashboard');
  await expect(page).toHaveURL(/\/idc\/verify$/);

  await page.getByRole('button', { name: 'Gửi lại email xác thực' }).click();
  await expect(page.getByText('Đã gửi lại email xác thực.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/login$/);
  await linkFromMail(request, 'unverified@example.vn', '/idc/confirm?token=', before + 1);
});

test('a new customer held at /verify confirms the e-mail with a mailed code instead', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('otp');
  const registered = await request.post('/api/v1/auth/users', {
    data: {
      fullname: 'Vũ Mã Số',
      password: 'Secret12',
      verify_password: 'Secret12',
      email,
      phone: '+84912345678',
      formatted_phone: '091 234 56 78',
    },
  });
  expect(registered.status()).toBe(201);
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, email, 'Secret12');
  await expect(page).toHaveURL(/\/idc\/verify$/);

  await page.getByRole('button', { name: 'Gửi mã xác thực qua email' }).click();
  await expect(page.getByRole('button', { name: /^Gửi lại mã sau \d+ giây$/ })).toBeDisabled();
  const field = page.getByLabel('Mã xác thực email (6 chữ số)');
  await expect(field).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
  // The registration mail, then the code.
  await expect.poll(async () => (await readOutbox(request, email)).length).toBe(2);
  const [codeMail] = await readOutbox(request, email);
  const code = /\b\d{6}\b/.exec(codeMail?.text ?? '')?.[0] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  const wrong = code === '000000' ? '111111' : '000000';
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Xác thực', exact: true }).click();
  await expect(page.getByText('Mã xác thực không chính xác!')).toBeVisible();
  await expect(field).toHaveValue(wrong);
  await expect(page).toHaveURL(/\/idc\/verify$/);

  await field.fill(code);
  await page.getByRole('button', { name: 'Xác thực', exact: true }).click();
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await expect(page.getByText('Xin chào, Vũ Mã Số')).toBeVisible();
});

test('a forgotten password is reset from the mailed link; the old one stops working', async ({
  page,
  request,
}) => {
  // A fresh account, so other tests that sign in as the demo customer are not affected.
  const email = uniqueEmail('reset');
  const registered = await request.post('/api/v1/auth/users', {
    data: {
      fullname: 'Phạm Quên',
      password: 'OldPass1',
      verify_password: 'OldPass1',
      email,
      phone: '+84912345678',
      formatted_phone: '091 234 56 78',
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/idc/forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Gửi liên kết' }).click();
  await expect(page.getByText(email, { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Quay lại đăng nhập' }).click();
  await expect(page).toHaveURL(/\/idc\/login$/);

  const link = await linkFromMail(request, email, '/idc/password_resets?token=');
  await page.goto(link);
  await page.getByLabel('Mật khẩu mới').fill('NewPass1');
  await page.getByLabel('Nhập lại mật khẩu').fill('NewPass1');
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page).toHaveURL(/\/idc\/login$/);

  await signIn(page, email, 'OldPass1');
  await expect(page.getByText('Email hoặc mật khẩu không đúng.')).toBeVisible();

  await signIn(page, email, 'NewPass1');
  await expect(page).toHaveURL(/\/idc\/verify$/); // signed in; the address is still unconfirmed
});

test('the password reset page is not shown without a token', async ({ page }) => {
  await page.goto('/idc/password_resets');
  await expect(page).toHaveURL(/\/idc\/login$/);
});

test('an unknown address shows the not-found page with a link to the dashboard', async ({
  page,
}) => {
  await signIn(page, 'demo@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page.goto('/idc/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeVisible();
  await page.getByRole('link', { name: 'Về trang tổng quan' }).click();
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
});

test('a garbage token sends the visitor to login', async ({ page }) => {
  await page.goto('/idc/login');
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'garbage-token');
    localStorage.setItem('authenticated', 'true');
  });
  await page.goto('/idc/dashboard');
  await expect(page).toHaveURL(/\/idc\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('a token revoked by a password reset sends the customer to login', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('revoked');
  await request.post('/api/v1/auth/users', {
    data: {
      fullname: 'Đỗ Thu Hồi',
      password: 'OldPass1',
      verify_password: 'OldPass1',
      email,
      phone: '+84912345678',
      formatted_phone: '091 234 56 78',
    },
  });
  await signIn(page, email, 'OldPass1');
  await expect(page).toHaveURL(/\/idc\/verify$/);

  await request.post('/api/v1/auth/users/request_reset_password', { data: { email } });
  const link = await linkFromMail(request, email, '/idc/password_resets?token=', 2);
  const token = new URL(link).searchParams.get('token');
  const reset = await request.post('/api/v1/auth/users/reset_password', {
    data: { token, new_password: 'NewPass1' },
  });
  expect(reset.ok()).toBe(true);

  await page.goto('/idc/dashboard');
  await expect(page).toHaveURL(/\/idc\/login$/);
});

test('a visitor who opens a signed-in page is sent to login, then brought back', async ({
  page,
}) => {
  await page.goto('/idc/ssh-keys');
  await expect(page).toHaveURL(/\/idc\/login$/);
  await page.getByLabel('Email').fill('demo@example.vn');
  await page.getByLabel('Mật khẩu').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/idc\/ssh-keys$/);
});

test('the root address leads to the dashboard', async ({ page }) => {
  await signIn(page, 'demo@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
});
