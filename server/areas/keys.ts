/**
 * SSH keys. Listing is here because the create-server form offers the account's keys; adding and
 * removing keys are not built yet and answer 501.
 */
import { pageItems, signedInUser } from '../guards';
import type { HandlerTable } from '../handler';

interface SshKeyRow {
  id: number;
  name: string;
  public_key: string;
  fingerprint: string;
  generated: number;
  created_at: string;
}

export const keyHandlers: HandlerTable = {
  listSshKeys: (ctx) => {
    const user = signedInUser(ctx);
    const search = ctx.query.search?.toLowerCase();
    const rows = ctx.db
      .prepare('SELECT * FROM ssh_keys WHERE user_id = ? ORDER BY created_at DESC, id DESC')
      .all(user.id) as SshKeyRow[];
    const keys = rows
      .filter((row) => search === undefined || row.name.toLowerCase().includes(search))
      .map((row) => ({
        id: row.id,
        name: row.name,
        public_key: row.public_key,
        fingerprint: row.fingerprint,
        generated: row.generated === 1,
        created: row.created_at,
      }));
    return pageItems(keys, ctx.query);
  },
};
