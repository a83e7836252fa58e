/**
 * The database schema as an ordered list of steps. A step, once released, is never edited:
 * a change is a new step at the end. Times are ISO 8601 UTC strings, money is integer dong.
 */
export interface Migration {
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    name: 'auth',
    sql: `
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL COLLATE NOCASE UNIQUE,
        password_hash TEXT NOT NULL,
        fullname TEXT NOT NULL,
        phone TEXT NOT NULL,
        formatted_phone TEXT NOT NULL DEFAULT '',
        email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
        phone_verified INTEGER NOT NULL DEFAULT 0 CHECK (phone_verified IN (0, 1)),
        is_in_whitelist INTEGER NOT NULL DEFAULT 0 CHECK (is_in_whitelist IN (0, 1)),
        is_agency INTEGER NOT NULL DEFAULT 0 CHECK (is_agency IN (0, 1)),
        balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
        trial_start TEXT,
        trial_end TEXT,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX sessions_user ON sessions (user_id);

      CREATE TABLE email_tokens (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('confirm', 'reset')),
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      ) STRICT;
      CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);

      CREATE TABLE otp_codes (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
        code_hash TEXT NOT NULL,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      ) STRICT;
      CREATE INDEX otp_codes_user ON otp_codes (user_id, channel);

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        to_address TEXT NOT NULL COLLATE NOCASE,
        subject TEXT NOT NULL,
        text TEXT NOT NULL,
        sent_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX outbox_to ON outbox (to_address);

      CREATE TABLE invoices (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'cancelled')),
        amount INTEGER NOT NULL CHECK (amount >= 0),
        created_at TEXT NOT NULL,
        due_date TEXT NOT NULL
      ) STRICT;
      CREATE INDEX invoices_user ON invoices (user_id, status);

      CREATE TABLE trial_packages (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        resource TEXT NOT NULL,
        price INTEGER NOT NULL CHECK (price >= 0),
        interval_count INTEGER NOT NULL CHECK (interval_count IN (1, 3, 6, 12)),
        starts_at TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        charge_this_month INTEGER NOT NULL CHECK (charge_this_month >= 0),
        paid_at TEXT
      ) STRICT;
      CREATE INDEX trial_packages_user ON trial_packages (user_id);
    `,
  },
];
