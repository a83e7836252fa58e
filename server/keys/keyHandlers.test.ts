import Database from 'better-sqlite3';
import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import sshpk from 'sshpk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiAs, buyServer, mailsTo, scratchDir, serverOrderFor, signIn, testApp } from '../testing';

let app: FastifyInstance;
let clock: Awaited<ReturnType<typeof testApp>>['clock'];
let scratch: ReturnType<typeof scratchDir>;
let dbFile: string;

beforeEach(async () => {
  scratch = scratchDir();
  dbFile = join(scratch.dir, 'keys.db');
  ({ app, clock } = await testApp({ dbFile }));
});
afterEach(async () => {
  await app.close();
  scratch.cleanup();
});

const ENGLISH = { 'accept-language': 'en' };
const MINUTE = 60 * 1000;

function ed25519Line(comment = 'me@laptop'): string {
  const pair = generateKeyPairSync('ed25519');
  const key = sshpk.parseKey(pair.publicKey.export({ type: 'spki', format: 'pem' }), 'pem');
  key.comment = comment;
  return key.toString('ssh');
}

async function demo() {
  return apiAs(app, await signIn(app, 'demo@example.vn'));
}

function storedRows(): Record<string, unknown>[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare('SELECT * FROM ssh_keys ORDER BY id').all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('listSshKeys', () => {
  it('answers an empty page for an account without keys', async () => {
    expect((await (await demo()).get('/cloud/ssh_keys')).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      per_page: 20,
    });
  });

  it('lists only the account’s own keys, newest first, filtered by name', async () => {
    const customer = await demo();
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect(
      (await customer.post('/cloud/ssh_keys', { name: 'laptop', public_key: ed25519Line() }))
        .statusCode,
    ).toBe(201);
    clock.advance(MINUTE);
    expect(
      (await customer.post('/cloud/ssh_keys', { name: 'ci-runner', public_key: ed25519Line() }))
        .statusCode,
    ).toBe(201);
    expect(
      (await agency.post('/cloud/ssh_keys', { name: 'agency-key', public_key: ed25519Line() }))
        .statusCode,
    ).toBe(201);

    const all = (await customer.get('/cloud/ssh_keys')).json();
    expect(all.items.map((key: { name: string }) => key.name)).toEqual(['ci-runner', 'laptop']);
    const found = (await customer.get('/cloud/ssh_keys', undefined, { search: 'LAP' })).json();
    expect(found.items.map((key: { name: string }) => key.name)).toEqual(['laptop']);
  });

  it('asks for a session', async () => {
    expect((await app.inject({ url: '/api/v1/cloud/ssh_keys' })).statusCode).toBe(401);
  });
});

describe('createSshKey with a pasted public key', () => {
  it('keeps the key, typed and fingerprinted, and a server order may then name it', async () => {
    const customer = await demo();
    const line = ed25519Line('work laptop');
    const created = await customer.post('/cloud/ssh_keys', {
      name: 'laptop',
      public_key: `  ${line}\n`,
    });
    expect(created.statusCode).toBe(201);
    const fingerprint = sshpk.parseKey(line, 'ssh').fingerprint('sha256').toString();
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'laptop',
      public_key: line,
      type: 'ED25519',
      bits: 256,
      fingerprint,
      generated: false,
      created: '2025-03-01T08:00:00.000Z',
    });
    expect((await customer.get('/cloud/ssh_keys')).json().items).toEqual([created.json()]);
    // Adding a key mails nothing.
    expect(await mailsTo(app, 'demo@example.vn')).toEqual([]);

    const order = await customer.post('/billing/orders', serverOrderFor({ keyName: 'laptop' }));
    expect(order.statusCode).toBe(201);
  });

  it.each([
    [
      'a private key',
      () =>
        sshpk
          .parsePrivateKey(
            generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
            'pem',
          )
          .toString('openssh'),
      'Đây là khoá bí mật (private key) — hãy dán nội dung tệp .pub; không bao giờ chia sẻ khoá bí mật.',
      'This is a private key — paste the .pub file; never share the private key.',
    ],
    [
      'a short rsa key',
      () =>
        sshpk
          .parseKey(
            generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
              type: 'spki',
              format: 'pem',
            }),
            'pem',
          )
          .toString('ssh'),
      'Khoá RSA này quá ngắn: cần tối thiểu 2048 bit.',
      'This RSA key is too short: it needs at least 2048 bits.',
    ],
    [
      'a dsa key',
      () =>
        'ssh-dss AAAAB3NzaC1kc3MAAACBAMs4J23lUyYxmTExOBGYiUZzFkCS+ugECCodrw4BXqR4E3IGwQTvNGVZxWlEoiw9IXu1cn0wupNe0Lz6UldHjEzQMTRRUqO9dz2uHlL5OKJujCGX+8WI2fp/6ACSTfsqLFBEXbEc3y3yC8kqyGrHA8+vwYCePWik91D+usF+gVQlAAAAFQCEuQ+iH2Lb90NzPXg9w6jJlvDdqQAAAIBrHVsg986EB0Hl9PvGlpO3QA5Z3Ua5Twlj71Ga3fPvaFv8gyoSLUN1f4aKkC+8mZtM8vBfjxUSG9Xm6Gmj4Spnv02yxaATBCpEViBQe+p3fXt7URKjcBvCT8+02viu1vcPRJWOq25TAYNZBu1GRjmqetMcPmxNcnZZoa7CImmzYAAAAIAw/Iqtxj8oqz03bgXroK252V9JxVH/ay9PvaD6l8RnZ89mvDdEYM2TPs062knq/moKZourxjZJYcM88OKtKnbasMx7jjcts57t7bFqvZM098zAMn5oUl1zux0Uo0xsiu6LO22gsgMeRQwsiA2iEjJBxbTPcQSoM/zZ957Wawa4Xg== old@host',
      'Khoá DSA (ssh-dss) không còn an toàn nên không được chấp nhận. Hãy dùng khoá ed25519, ecdsa hoặc rsa từ 2048 bit.',
      'DSA keys (ssh-dss) are no longer secure and are not accepted. Use an ed25519, ecdsa, or rsa key of 2048 bits or more.',
    ],
    [
      'malformed text',
      () => 'ssh-ed25519 AAAAC3Nza demo',
      'Khoá công khai không đúng định dạng. Hãy dán nguyên dòng trong tệp .pub, bắt đầu bằng ssh-ed25519, ecdsa-sha2-… hoặc ssh-rsa.',
      'This is not a valid public key. Paste the whole line of the .pub file, starting with ssh-ed25519, ecdsa-sha2-… or ssh-rsa.',
    ],
  ])(
    'refuses %s under the public_key field, in the caller’s language, keeping nothing',
    async (_, text, vietnamese, english) => {
      const customer = await demo();
      const publicKey = text();
      const refused = await customer.post('/cloud/ssh_keys', {
        name: 'laptop',
        public_key: publicKey,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: vietnamese, errors: { public_key: vietnamese } });
      const englishAnswer = await apiAs(app, await signIn(app, 'demo@example.vn'), ENGLISH).post(
        '/cloud/ssh_keys',
        { name: 'laptop', public_key: publicKey },
      );
      expect(englishAnswer.json()).toEqual({ message: english, errors: { public_key: english } });
      expect(storedRows()).toEqual([]);
    },
  );

  it('refuses a key already on the account (same fingerprint, other comment), naming it', async () => {
    const customer = await demo();
    const line = ed25519Line('an@laptop');
    expect(
      (await customer.post('/cloud/ssh_keys', { name: 'laptop', public_key: line })).statusCode,
    ).toBe(201);
    // The same key bytes with another comment: the fingerprint is the same.
    const again = `${line.split(' ').slice(0, 2).join(' ')} an@desk`;

    const refused = await customer.post('/cloud/ssh_keys', { name: 'desk', public_key: again });
    expect(refused.statusCode).toBe(409);
    const message = 'Khoá công khai này đã có trong tài khoản với tên laptop.';
    expect(refused.json()).toEqual({ message, errors: { public_key: message } });
    const english = await apiAs(app, await signIn(app, 'demo@example.vn'), ENGLISH).post(
      '/cloud/ssh_keys',
      { name: 'desk', public_key: line },
    );
    const inEnglish = 'This public key is already on your account as laptop.';
    expect(english.json()).toEqual({ message: inEnglish, errors: { public_key: inEnglish } });
    expect(storedRows().map((row) => row.name)).toEqual(['laptop']);

    // Another account may hold the same public key.
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect(
      (await agency.post('/cloud/ssh_keys', { name: 'shared', public_key: line })).statusCode,
    ).toBe(201);
  });
});

describe('createSshKey with a blank public key', () => {
  it.each([
    ['absent', {}],
    ['blank', { public_key: '   ' }],
  ])(
    'generates an ed25519 pair (%s key), keeps the public half and mails the private half once',
    async (_, body) => {
      const customer = await demo();
      const created = await customer.post('/cloud/ssh_keys', { name: 'generated-1', ...body });
      expect(created.statusCode).toBe(201);
      const key = created.json();
      expect(key).toMatchObject({
        name: 'generated-1',
        type: 'ED25519',
        bits: 256,
        generated: true,
      });
      expect(key.public_key).toMatch(/^ssh-ed25519 \S+ generated-1$/);
      expect(JSON.stringify(created.json())).not.toMatch(/PRIVATE/);

      const mails = await mailsTo(app, 'demo@example.vn');
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe('Khoá bí mật SSH generated-1 / SSH private key generated-1');
      expect(mail?.text).toContain(key.fingerprint);
      const privateKey =
        /-----BEGIN OPENSSH PRIVATE KEY-----[\s\S]+?-----END OPENSSH PRIVATE KEY-----/.exec(
          mail?.text ?? '',
        )?.[0];
      expect(privateKey).toBeDefined();
      const mailed = sshpk.parsePrivateKey(privateKey as string, 'openssh');
      expect(mailed.toPublic().fingerprint('sha256').toString()).toBe(key.fingerprint);

      // Only the public half is stored.
      const rows = storedRows();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toMatch(/PRIVATE/);
      expect(rows[0]).toMatchObject({ public_key: key.public_key, generated: 1 });
    },
  );
});

describe('key names', () => {
  it('are unique per account without regard to case, with the spec’s message', async () => {
    const customer = await demo();
    expect(
      (await customer.post('/cloud/ssh_keys', { name: 'laptop', public_key: ed25519Line() }))
        .statusCode,
    ).toBe(201);
    for (const name of ['laptop', 'LapTop']) {
      const taken = await customer.post('/cloud/ssh_keys', { name, public_key: ed25519Line() });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        message: 'Tên máy chủ hoặc tên key đã tồn tại.',
        errors: { name: 'Tên máy chủ hoặc tên key đã tồn tại.' },
      });
    }
    // A generated pair is not made (nor mailed) for a taken name.
    expect((await customer.post('/cloud/ssh_keys', { name: 'laptop' })).statusCode).toBe(409);
    expect(await mailsTo(app, 'demo@example.vn')).toEqual([]);
    const english = apiAs(app, await signIn(app, 'demo@example.vn'), ENGLISH);
    expect((await english.post('/cloud/ssh_keys', { name: 'laptop' })).json().message).toBe(
      'Hostname or key name already exists.',
    );
    // Another account may use the same name.
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect((await agency.post('/cloud/ssh_keys', { name: 'laptop' })).statusCode).toBe(201);
  });

  it('marks both fields when the name is taken and the key is bad', async () => {
    const customer = await demo();
    await customer.post('/cloud/ssh_keys', { name: 'laptop', public_key: ed25519Line() });
    const refused = await customer.post('/cloud/ssh_keys', {
      name: 'laptop',
      public_key: 'nonsense',
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['name', 'public_key']);
  });

  it('allow letters, digits, dash and underscore only', async () => {
    const refused = await (
      await demo()
    ).post('/cloud/ssh_keys', { name: 'my key', public_key: ed25519Line() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.name).toBe(
      'Tên khoá SSH chỉ gồm chữ cái, chữ số, dấu gạch ngang và gạch dưới, tối đa 32 ký tự.',
    );
  });

  it('hold when the same name is sent twice at once: one key is made, the other refused', async () => {
    const customer = await demo();
    const answers = await Promise.all(
      [1, 2, 3].map(() => customer.post('/cloud/ssh_keys', { name: 'twice' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(storedRows()).toHaveLength(1);
    expect(await mailsTo(app, 'demo@example.vn')).toHaveLength(1);
  });
});

describe('deleteSshKey', () => {
  it('deletes the key; a server built with it keeps it, new orders cannot name it', async () => {
    const customer = await demo();
    const key = (
      await customer.post('/cloud/ssh_keys', { name: 'laptop', public_key: ed25519Line() })
    ).json();
    const serverId = await buyServer(customer, { keyName: 'laptop' });

    const deleted = await customer.delete(`/cloud/ssh_keys/${key.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Đã xoá SSH key laptop.' });
    expect((await customer.get('/cloud/ssh_keys')).json().items).toEqual([]);
    expect((await customer.get(`/cloud/servers/${serverId}`)).json().key_name).toBe('laptop');

    const order = await customer.post(
      '/billing/orders',
      serverOrderFor({ name: 'web-02', keyName: 'laptop' }),
    );
    expect(order.statusCode).toBe(404);
    expect(order.json().message).toBe('Không tìm thấy SSH key này.');
    expect((await customer.delete(`/cloud/ssh_keys/${key.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another account’s key and leaves it', async () => {
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const key = (await agency.post('/cloud/ssh_keys', { name: 'agency-key' })).json();
    const refused = await (await demo()).delete(`/cloud/ssh_keys/${key.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await agency.get('/cloud/ssh_keys')).json().total).toBe(1);
  });

  it('runs the action-permission check: blocked with the reasons, unless whitelisted', async () => {
    const expired = apiAs(app, await signIn(app, 'expired@example.vn'));
    // Adding a key is neither paid nor destructive: it is allowed.
    const key = (
      await expired.post('/cloud/ssh_keys', { name: 'old-laptop', public_key: ed25519Line() })
    ).json();
    const blocked = await expired.delete(`/cloud/ssh_keys/${key.id}`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(
      'Không thể thực hiện thao tác do: có hoá đơn quá hạn, đã hết hạn dùng thử.',
    );
    expect((await expired.get('/cloud/ssh_keys')).json().total).toBe(1);

    const whitelisted = apiAs(app, await signIn(app, 'whitelist@example.vn'));
    const own = (await whitelisted.post('/cloud/ssh_keys', { name: 'wl-key' })).json();
    expect((await whitelisted.delete(`/cloud/ssh_keys/${own.id}`)).statusCode).toBe(200);
  });

  it('asks for a session', async () => {
    const answer = await app.inject({ method: 'DELETE', url: '/api/v1/cloud/ssh_keys/1' });
    expect(answer.statusCode).toBe(401);
  });
});
