import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';

import { NETWORK_ERROR_STATUS } from '../api/client';
import { submitFailure } from './submitFailure';

const translate = (key: string) => `<${key}>`;

describe('submitFailure', () => {
  it('puts field errors on their fields, without a message', () => {
    const error = new HttpError('Dữ liệu không hợp lệ', 400, {
      message: 'Dữ liệu không hợp lệ',
      errors: { password: 'Mật khẩu không đúng' },
    });
    expect(submitFailure(error, translate)).toEqual({
      fields: { password: 'Mật khẩu không đúng' },
      message: undefined,
    });
  });

  it('shows the server’s message when no field is named', () => {
    const error = new HttpError('Quá nhiều yêu cầu', 429, { message: 'Quá nhiều yêu cầu' });
    expect(submitFailure(error, translate)).toEqual({ fields: {}, message: 'Quá nhiều yêu cầu' });
  });

  it('says the result is unknown when the answer was lost', () => {
    const error = new HttpError('', NETWORK_ERROR_STATUS);
    expect(submitFailure(error, translate)).toEqual({
      fields: {},
      message: '<app.error.result_unknown>',
    });
  });

  it('falls back to the generic message', () => {
    expect(submitFailure(new Error('boom'), translate)).toEqual({
      fields: {},
      message: '<app.error.generic>',
    });
  });
});
