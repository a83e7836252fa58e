/** Vietnamese, the default language. Every key here has an English twin in en.ts. */
export const vi = {
  validation: {
    email_required: 'Email không được bỏ trống.',
    email_invalid: 'Vui lòng nhập đúng định dạng email',
    password_required: 'Mật khẩu không được bỏ trống.',
    password_too_short: 'Mật khẩu phải có ít nhất 5 ký tự.',
    password_too_long: 'Mật khẩu không được dài quá 128 ký tự.',
    password_confirmation_required: 'Vui lòng nhập lại mật khẩu.',
    password_mismatch: 'Nhập lại mật khẩu không khớp mật khẩu',
    fullname_required: 'Họ và tên không được bỏ trống.',
    fullname_too_long: 'Họ và tên không được dài quá 100 ký tự.',
    phone_required: 'Số điện thoại không được bỏ trống.',
    phone_invalid: 'Số điện thoại không hợp lệ.',
  },
  server: {
    invalid_credentials: 'Email hoặc mật khẩu không đúng.',
  },
};
