import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalString, hasValidOnepaySignature, onepaySignature } from './onepaySignature';

/**
 * OnePay's test merchant and a return it signed, as published with the vn-payments SDK's tests
 * (naustudio/vn-payments, test/onepay.test.js, "should verify the return URL").
 */
const ONEPAY_TEST_SECRET = 'A3EFDFABA8653DF2342E8DAC29B51AF0';
const PUBLISHED_RETURN = {
  vpc_AdditionData: '970436',
  vpc_Amount: '90000000',
  vpc_Command: 'pay',
  vpc_CurrencyCode: 'VND',
  vpc_Locale: 'vn',
  vpc_MerchTxnRef: 'node-2018-01-15T10:19:55.541Z',
  vpc_Merchant: 'ONEPAY',
  vpc_OrderInfo: 'node-2018-01-15T10:19:55.541Z',
  vpc_TransactionNo: '1617996',
  vpc_TxnResponseCode: '0',
  vpc_Version: '2',
  vpc_SecureHash: '8B720A26C295F225FCF57F9619562341914649C07F9C9FD359A514C2905D67C2',
};

/** The demo payment request of OnePay's developer site, quoted in the same SDK's tests. */
const PUBLISHED_REQUEST_URL =
  'https://mtf.onepay.vn/onecomm-pay/vpc.op?Title=onepay+paygate&vpc_AccessCode=D67342C2&vpc_Amount=100&vpc_Command=pay&vpc_Currency=VND&vpc_Customer_Email=support%40onepay.vn&vpc_Customer_Id=thanhvt&vpc_Customer_Phone=840904280949&vpc_Locale=vn&vpc_MerchTxnRef=2018-01-11T14%3A46%3A11.115Z&vpc_Merchant=ONEPAY&vpc_OrderInfo=2018-01-11T14%3A46%3A11.115Z&vpc_ReturnURL=http%3A%2F%2Flocalhost%2F%7Ethanh%2Fnoidia_php%2Fdr.php&vpc_SHIP_City=Ha+Noi&vpc_SHIP_Country=Viet+Nam&vpc_SHIP_Provice=Hoan+Kiem&vpc_SHIP_Street01=39A+Ngo+Quyen&vpc_TicketNo=127.0.0.1&vpc_Version=2&vpc_SecureHash=DDC85640D5B2D72AC46A16FBCD3E0DF7B4E05DB1818E2A0A423C2A31FAFF39E4';

/** An HMAC computed independently of the module, over a canonical string written by hand. */
const independentHmac = (text: string, secretHex: string) =>
  createHmac('sha256', Buffer.from(secretHex, 'hex'))
    .update(text, 'utf8')
    .digest('hex')
    .toUpperCase();

describe("OnePay's signature", () => {
  it("reproduces OnePay's published return signature and accepts it", () => {
    expect(onepaySignature(PUBLISHED_RETURN, ONEPAY_TEST_SECRET)).toBe(
      PUBLISHED_RETURN.vpc_SecureHash,
    );
    expect(hasValidOnepaySignature(PUBLISHED_RETURN, ONEPAY_TEST_SECRET)).toBe(true);
  });

  it("reproduces OnePay's published request signature, non-vpc fields and all", () => {
    const fields = Object.fromEntries(new URL(PUBLISHED_REQUEST_URL).searchParams);
    expect(onepaySignature(fields, ONEPAY_TEST_SECRET)).toBe(fields.vpc_SecureHash);
    // `Title` is not signed; `vpc_SHIP_*` sorts before `vpc_SecureHash` (code-unit order).
    expect(canonicalString(fields)).not.toContain('Title');
    expect(hasValidOnepaySignature(fields, ONEPAY_TEST_SECRET)).toBe(true);
  });

  it('accepts the signature in lower case too', () => {
    const lower = {
      ...PUBLISHED_RETURN,
      vpc_SecureHash: PUBLISHED_RETURN.vpc_SecureHash.toLowerCase(),
    };
    expect(hasValidOnepaySignature(lower, ONEPAY_TEST_SECRET)).toBe(true);
  });

  it('refuses a changed, added, missing or malformed field', () => {
    const check = (fields: Record<string, string | undefined>) =>
      hasValidOnepaySignature(fields, ONEPAY_TEST_SECRET);
    expect(check({ ...PUBLISHED_RETURN, vpc_Amount: '50000000' })).toBe(false);
    expect(check({ ...PUBLISHED_RETURN, vpc_Message: 'Approved' })).toBe(false);
    expect(check({ ...PUBLISHED_RETURN, user_Note: 'x' })).toBe(false);
    expect(check({ ...PUBLISHED_RETURN, vpc_SecureHash: undefined })).toBe(false);
    expect(check({ ...PUBLISHED_RETURN, vpc_SecureHash: 'ZZ' })).toBe(false);
    expect(check({ ...PUBLISHED_RETURN, vpc_SecureHash: '' })).toBe(false);
  });

  it('does not depend on the order the fields come in', () => {
    const reversed = Object.fromEntries(Object.entries(PUBLISHED_RETURN).reverse());
    expect(onepaySignature(reversed, ONEPAY_TEST_SECRET)).toBe(PUBLISHED_RETURN.vpc_SecureHash);
    expect(canonicalString({ vpc_b: '2', user_z: '3', vpc_A: '1', vpc_a: '0' })).toBe(
      'user_z=3&vpc_A=1&vpc_a=0&vpc_b=2',
    );
  });

  it('skips empty fields and the signature fields themselves', () => {
    expect(
      canonicalString({
        vpc_Amount: '100',
        vpc_Message: '',
        vpc_SecureHash: 'AB',
        vpc_SecureHashType: 'SHA256',
        other: 'x',
      }),
    ).toBe('vpc_Amount=100');
    const withEmpty = { ...PUBLISHED_RETURN, vpc_Message: '' };
    expect(hasValidOnepaySignature(withEmpty, ONEPAY_TEST_SECRET)).toBe(true);
  });

  it('signs Vietnamese and spaces in vpc_OrderInfo as they are, in UTF-8, not URL-encoded', () => {
    const secret = '00112233445566778899AABBCCDDEEFF';
    const fields = { vpc_OrderInfo: 'Nạp tiền tài khoản Đỗ Thị Lan', vpc_Amount: '10000000' };
    const handBuilt = 'vpc_Amount=10000000&vpc_OrderInfo=Nạp tiền tài khoản Đỗ Thị Lan';
    expect(canonicalString(fields)).toBe(handBuilt);
    expect(onepaySignature(fields, secret)).toBe(independentHmac(handBuilt, secret));
  });
});
