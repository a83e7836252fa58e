/**
 * The `keys` area: the account's SSH keys. A pasted public key is parsed and judged by
 * keys/sshKeys.ts; a blank one gets an ed25519 pair generated, whose private key is mailed once
 * and never kept. Adding a key is neither paid nor destructive, so only deleting one runs the
 * action-permission check. Servers keep the name of the key they were built with, so deleting a
 * key leaves them as they are; new servers can no longer choose it.
 */
import type { Db } from '../platform/db';
import { ApiError, notFound } from '../platform/errors';
import { pageItems, requireActionAllowed, signedInUser } from '../auth/guards';
import type { HandlerTable } from '../platform/handler';
import { instant, sortRecords, type SortKey } from '../platform/listQuery';
import type { components } from '../../src/api/schema';
import type { MessageKey } from '../platform/i18n';
import { mailGeneratedSshKey } from './keyMails';
import {
  generateKeyPair,
  MIN_RSA_BITS,
  parsePublicKey,
  PUBLIC_KEY_PROBLEM_MESSAGES,
  storedPublicKey,
} from './sshKeys';

interface SshKeyRow {
  id: number;
  name: string;
  public_key: string;
  fingerprint: string;
  generated: number;
  created_at: string;
}

/** The key list's sorts (our extension): the contract's name → what it sorts by. */
const SSH_KEY_SORTS: Record<'created' | 'name', SortKey<components['schemas']['SshKey']>> = {
  created: (key) => instant(key.created),
  name: (key) => key.name,
};

export const keyHandlers: HandlerTable = {
  listSshKeys: (ctx) => {
    const user = signedInUser(ctx);
    const search = ctx.query.search?.toLowerCase();
    const rows = ctx.db
      .prepare('SELECT * FROM ssh_keys WHERE user_id = ? ORDER BY created_at DESC, id DESC')
      .all(user.id) as SshKeyRow[];
    const keys = rows
      .filter((row) => search === undefined || row.name.toLowerCase().includes(search))
      .map(toSshKey)
      .filter((key) => ctx.query.type === undefined || key.type === ctx.query.type);
    return pageItems(sortRecords(keys, SSH_KEY_SORTS, ctx.query), ctx.query);
  },

  createSshKey: (ctx) => {
    const user = signedInUser(ctx);
    const now = ctx.now();
    const { name } = ctx.body;
    const pasted = ctx.body.public_key?.trim() ?? '';
    const parsed = pasted ? parsePublicKey(pasted) : undefined;

    return ctx.db.transaction(() => {
      const nameTaken = keyNamed(ctx.db, user.id, name) !== undefined;
      if (parsed && 'problem' in parsed) {
        // Both problems at once, so the form can mark both fields.
        const problem = PUBLIC_KEY_PROBLEM_MESSAGES[parsed.problem];
        const fields: Record<string, MessageKey> = { public_key: problem };
        if (nameTaken) fields.name = 'server.name_taken';
        throw new ApiError(400, problem, { min: MIN_RSA_BITS }, fields);
      }
      if (nameTaken)
        throw new ApiError(409, 'server.name_taken', {}, { name: 'server.name_taken' });
      // The same key (same fingerprint) under a second name: refused, naming the one it is.
      const existing = parsed && keyWithFingerprint(ctx.db, user.id, parsed.key.fingerprint);
      if (existing) {
        throw new ApiError(
          409,
          'server.ssh_key_duplicate',
          { name: existing.name },
          { public_key: 'server.ssh_key_duplicate' },
        );
      }

      const { key, privateKey } = parsed
        ? { key: parsed.key, privateKey: undefined }
        : generateKeyPair(name);
      const row = ctx.db
        .prepare(
          `INSERT INTO ssh_keys (user_id, name, public_key, fingerprint, generated, created_at)
           VALUES (?, ?, ?, ?, ?, ?) RETURNING *`,
        )
        .get(
          user.id,
          name,
          key.line,
          key.fingerprint,
          privateKey ? 1 : 0,
          now.toISOString(),
        ) as SshKeyRow;
      if (privateKey) {
        // In the same transaction: the key never exists without its private half mailed.
        mailGeneratedSshKey(ctx.db, user, { name, fingerprint: key.fingerprint }, privateKey, now);
      }
      return toSshKey(row);
    })();
  },

  deleteSshKey: (ctx) => {
    const user = requireActionAllowed(ctx);
    const row = ctx.db
      .prepare('SELECT * FROM ssh_keys WHERE id = ? AND user_id = ?')
      .get(ctx.params.id, user.id) as SshKeyRow | undefined;
    if (!row) throw notFound('server.ssh_key_not_found');
    ctx.db.prepare('DELETE FROM ssh_keys WHERE id = ?').run(row.id);
    return { message: ctx.t('server.ssh_key_deleted', { name: row.name }) };
  },
};

/** Names are unique per account without regard to case, so "Laptop" cannot shadow "laptop". */
function keyNamed(db: Db, userId: number, name: string): SshKeyRow | undefined {
  return db
    .prepare('SELECT * FROM ssh_keys WHERE user_id = ? AND name = ? COLLATE NOCASE')
    .get(userId, name) as SshKeyRow | undefined;
}

function keyWithFingerprint(db: Db, userId: number, fingerprint: string): SshKeyRow | undefined {
  return db
    .prepare('SELECT * FROM ssh_keys WHERE user_id = ? AND fingerprint = ?')
    .get(userId, fingerprint) as SshKeyRow | undefined;
}

function toSshKey(row: SshKeyRow) {
  const { type, bits } = storedPublicKey(row.public_key);
  return {
    id: row.id,
    name: row.name,
    public_key: row.public_key,
    type,
    bits,
    fingerprint: row.fingerprint,
    generated: row.generated === 1,
    created: row.created_at,
  };
}
