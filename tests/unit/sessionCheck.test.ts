// @vitest-environment jsdom
/**
 * After a change to the user (a saved name, a payment), the portal asks who the user is again.
 * A session check already on its way may have been answered before the change: the refresh must
 * not take that answer, and that answer, arriving last, must not overwrite the fresh one.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';

import { handlers } from '../../server/handlers';
import { authApi } from '../../src/api/auth';
import { fetchCurrentUser } from '../../src/authProvider/sessionCheck';
import { getStoredUserInfo } from '../../src/authProvider/sessionStore';
import { startSandbox, type Sandbox } from '../support/sandbox';

let sandbox: Sandbox;
/** The next session check, once it has read the user, tells `read` and answers at `answer`. */
let slowNextCheck: { read: () => void; answer: Promise<void> } | undefined;

beforeEach(async () => {
  localStorage.clear();
  slowNextCheck = undefined;
  sandbox = await startSandbox({
    handlers: {
      ...handlers,
      getCurrentUser: async (context) => {
        const user = await handlers.getCurrentUser!(context);
        const slow = slowNextCheck;
        slowNextCheck = undefined;
        if (slow) {
          slow.read();
          await slow.answer;
        }
        return user;
      },
    },
  });
});

afterEach(async () => {
  await sandbox.close();
  expect(sandbox.outsideContract).toEqual([]);
});

it('a refresh after a change gets the changed user, whatever an earlier check answers late', async () => {
  const { token } = (await authApi.getToken('demo@example.vn', 'Demo@12345')) as { token: string };
  localStorage.setItem('access_token', token);
  let answerTheEarlierCheck = () => {};
  const earlierCheckRead = new Promise<void>((read) => {
    slowNextCheck = { read, answer: new Promise((answer) => (answerTheEarlierCheck = answer)) };
  });
  const earlierCheck = fetchCurrentUser();
  await earlierCheckRead;

  const renamed = await sandbox.app.inject({
    method: 'PATCH',
    url: '/api/v1/account/profile',
    headers: { authorization: `Token ${token}` },
    payload: { fullname: 'Tên Mới Đổi' },
  });
  expect(renamed.statusCode).toBe(200);

  const refreshed = await fetchCurrentUser({ fresh: true });
  expect(refreshed.fullname).toBe('Tên Mới Đổi');

  answerTheEarlierCheck();
  expect((await earlierCheck).fullname).not.toBe('Tên Mới Đổi');
  expect(getStoredUserInfo()?.fullname).toBe('Tên Mới Đổi');
});
