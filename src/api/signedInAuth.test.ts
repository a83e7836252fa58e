// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

import { signIn } from '../../server/testing';
import { sandboxPerTest } from '../../tests/support/sandbox';
import { HttpError } from 'ra-core';
import { signedInAuthApi } from './signedInAuth';

describe('the trial upgrade, as spec §7 gives it: POST /auth/user/upgrade, payload none', () => {
  const sandbox = sandboxPerTest();

  it('sends no body and no Content-Type, and the sandbox answers it on its merits', async () => {
    const token = await signIn(sandbox().app, 'trial@example.vn');
    const sent = vi.spyOn(globalThis, 'fetch');

    // trial@example.vn has no balance: the sandbox read the call and refused the payment.
    const refusal = await signedInAuthApi
      .upgradeTrial(token, 'en')
      .catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(402);
    expect((refusal as HttpError).message).toMatch(/balance/i);
    const [url, init] = sent.mock.calls.at(-1)!;
    expect(String(url)).toMatch(/\/api\/v1\/auth\/user\/upgrade$/);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });
});
