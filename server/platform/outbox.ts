/** The simulated mail server: every message is kept in the database for people and tests to read. */
import type { Db } from './db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface StoredMail extends Mail {
  links: string[];
  sent_at: string;
}

export function sendMail(db: Db, mail: Mail, now: Date): void {
  db.prepare('INSERT INTO outbox (to_address, subject, text, sent_at) VALUES (?, ?, ?, ?)').run(
    mail.to,
    mail.subject,
    mail.text,
    now.toISOString(),
  );
}

/** Newest first; `to` matches the address without regard to case. */
export function listMail(db: Db, to?: string): StoredMail[] {
  const rows = (
    to
      ? db.prepare('SELECT * FROM outbox WHERE to_address = ? ORDER BY id DESC').all(to.trim())
      : db.prepare('SELECT * FROM outbox ORDER BY id DESC').all()
  ) as { to_address: string; subject: string; text: string; sent_at: string }[];
  return rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    links: findLinks(row.text),
    sent_at: row.sent_at,
  }));
}

const LINK_PATTERN = /https?:\/\/[^\s<>"'`]+/g;

export function findLinks(text: string): string[] {
  return [...new Set(text.match(LINK_PATTERN) ?? [])];
}
