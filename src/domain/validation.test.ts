import { describe, expect, it } from 'vitest';

import { lookupMessage } from '../i18n/interpolate';
import { vi } from '../i18n/vi';
import {
  validateEmail,
  validateFullName,
  validateLoginPassword,
  validateNewPassword,
  validatePasswordConfirmation,
} from './validation';

const message = (key: string | undefined) => (key ? lookupMessage(vi, key) : undefined);

describe('e-mail', () => {
  it('is required, with the message of the specification', () => {
    expect(message(validateEmail(''))).toBe('Email không được bỏ trống.');
    expect(message(validateEmail('   '))).toBe('Email không được bỏ trống.');
  });

  it.each(['a@b', 'a b@c.vn', 'no-at.example.vn', '@example.vn'])('refuses %s', (email) => {
    expect(message(validateEmail(email))).toBe('Vui lòng nhập đúng định dạng email');
  });

  it.each(['demo@example.vn', 'nguyen.van.a+1@sub.example.com.vn'])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeUndefined();
  });
});

describe('passwords', () => {
  it('at login only need to be present', () => {
    expect(validateLoginPassword('')).toBe('validation.password_required');
    expect(validateLoginPassword('x')).toBeUndefined();
  });

  it('when chosen need 5 characters or more', () => {
    expect(validateNewPassword('')).toBe('validation.password_required');
    expect(validateNewPassword('abcd')).toBe('validation.password_too_short');
    expect(validateNewPassword('abcde')).toBeUndefined();
    expect(validateNewPassword('x'.repeat(129))).toBe('validation.password_too_long');
  });

  it('must be repeated identically, with the message of the specification', () => {
    expect(validatePasswordConfirmation('', 'secret1')).toBe(
      'validation.password_confirmation_required',
    );
    expect(message(validatePasswordConfirmation('secret2', 'secret1'))).toBe(
      'Nhập lại mật khẩu không khớp mật khẩu',
    );
    expect(validatePasswordConfirmation('secret1', 'secret1')).toBeUndefined();
  });
});

describe('full name', () => {
  it('require a full name of at most 100 characters', () => {
    expect(validateFullName(' ')).toBe('validation.fullname_required');
    expect(validateFullName('\u200B\uFEFF')).toBe('validation.fullname_required');
    expect(validateFullName('Lan\u200B')).toBeUndefined();
    expect(validateFullName('Nguyễn Văn A')).toBeUndefined();
    expect(validateFullName('a'.repeat(101))).toBe('validation.fullname_too_long');
  });
});
