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
  {
    // Issue 3: the catalog (reference data, so it exists without the demo accounts), orders paid
    // from the balance, invoices for them, cloud servers with their addresses and schedules.
    name: 'catalog_orders_servers',
    sql: `
      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE CHECK (code GLOB '[a-z0-9_]*'),
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        category TEXT NOT NULL CHECK (category IN ('compute', 'volume', 'snapshot', 'wanip', 'extra')),
        unit TEXT NOT NULL CHECK (unit IN ('core', 'GB', 'IP', 'item')),
        price INTEGER NOT NULL CHECK (price >= 0),
        description TEXT
      ) STRICT;
      INSERT INTO products (id, code, name, category, unit, price, description) VALUES
        (1, 'cpu', 'CPU', 'compute', 'core', 90000, 'vCPU, một lõi'),
        (2, 'ram', 'RAM', 'compute', 'GB', 60000, 'Bộ nhớ RAM, 1 GB'),
        (3, 'volume_ssd', 'DISK SSD', 'volume', 'GB', 4000, 'Ổ đĩa SSD, 1 GB'),
        (4, 'volume_hdd', 'DISK HDD', 'volume', 'GB', 2000, 'Ổ đĩa HDD, 1 GB'),
        (5, 'snapshot_ssd', 'SNAPSHOT SSD', 'snapshot', 'GB', 2000, 'Bản sao lưu ổ SSD, 1 GB'),
        (6, 'snapshot_hdd', 'SNAPSHOT HDD', 'snapshot', 'GB', 1000, 'Bản sao lưu ổ HDD, 1 GB'),
        (7, 'wan_ipv4', 'WAN IPv4', 'wanip', 'IP', 50000, 'Một địa chỉ IPv4 công cộng'),
        (8, 'wan_ipv6', 'WAN IPv6', 'wanip', 'IP', 10000, 'Một địa chỉ IPv6 công cộng'),
        (9, 'windows_license', 'Windows Server License', 'extra', 'item', 300000,
          'Bản quyền Windows Server cho một máy chủ');

      -- A plan's monthly price is the plain sum of its products' monthly prices; its price for an
      -- interval is that times the months. Orders, not plans, are prorated.
      CREATE TABLE plans (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        product_category TEXT NOT NULL
          CHECK (product_category IN ('server', 'compute', 'volume', 'snapshot', 'wanip', 'extra')),
        cpu INTEGER,
        ram INTEGER,
        disk INTEGER,
        disk_type TEXT CHECK (disk_type IN ('SSD', 'HDD'))
      ) STRICT;
      CREATE TABLE plan_products (
        plan_id INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
        product_id INTEGER NOT NULL REFERENCES products (id),
        quantity INTEGER NOT NULL CHECK (quantity >= 1),
        PRIMARY KEY (plan_id, product_id)
      ) STRICT;
      INSERT INTO plans (id, name, product_category, cpu, ram, disk, disk_type) VALUES
        (1, 'VPS Mini', 'server', 1, 1, 20, 'SSD'),
        (2, 'VPS Basic', 'server', 2, 4, 40, 'SSD'),
        (3, 'VPS Pro', 'server', 4, 8, 80, 'SSD'),
        (4, 'VPS Business', 'server', 8, 16, 160, 'SSD'),
        (5, 'WAN IPv4', 'wanip', NULL, NULL, NULL, NULL),
        (6, 'WAN IPv6', 'wanip', NULL, NULL, NULL, NULL);
      INSERT INTO plan_products (plan_id, product_id, quantity) VALUES
        (1, 1, 1), (1, 2, 1), (1, 3, 20), (1, 7, 1),
        (2, 1, 2), (2, 2, 4), (2, 3, 40), (2, 7, 1),
        (3, 1, 4), (3, 2, 8), (3, 3, 80), (3, 7, 1),
        (4, 1, 8), (4, 2, 16), (4, 3, 160), (4, 7, 1),
        (5, 7, 1),
        (6, 8, 1);

      CREATE TABLE images (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        distro TEXT NOT NULL,
        version TEXT NOT NULL,
        min_disk INTEGER NOT NULL CHECK (min_disk >= 1)
      ) STRICT;
      INSERT INTO images (id, name, distro, version, min_disk) VALUES
        (1, 'Ubuntu 22.04', 'ubuntu', '22.04', 10),
        (2, 'Ubuntu 24.04', 'ubuntu', '24.04', 10),
        (3, 'Debian 12', 'debian', '12', 10),
        (4, 'CentOS Stream 9', 'centos', 'stream-9', 10),
        (5, 'Windows Server 2022', 'windows', '2022', 40);

      CREATE TABLE datacenters (
        code TEXT PRIMARY KEY CHECK (code GLOB '[A-Z][A-Z]*'),
        name TEXT NOT NULL,
        position INTEGER NOT NULL
      ) STRICT;
      INSERT INTO datacenters (code, name, position) VALUES ('HN', 'Hà Nội', 1), ('HCM', 'Hồ Chí Minh', 2);

      CREATE TABLE coupons (
        code TEXT PRIMARY KEY COLLATE NOCASE,
        type TEXT NOT NULL CHECK (type IN ('discount_invoice', 'credit')),
        discount_type TEXT NOT NULL CHECK (discount_type IN ('percent', 'amount')),
        value INTEGER NOT NULL CHECK (value >= 1),
        max_discount INTEGER CHECK (max_discount >= 0),
        expires TEXT,
        description TEXT NOT NULL,
        max_uses INTEGER CHECK (max_uses >= 0),
        uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
        CHECK (discount_type = 'amount' OR value <= 100),
        CHECK (max_uses IS NULL OR uses <= max_uses)
      ) STRICT;
      INSERT INTO coupons (code, type, discount_type, value, max_discount, expires, description) VALUES
        ('GIAM10', 'discount_invoice', 'percent', 10, 100000, NULL, 'Giảm 10 %, tối đa 100.000 ₫'),
        ('GIAM50K', 'discount_invoice', 'amount', 50000, NULL, NULL, 'Giảm 50.000 ₫'),
        ('HETHAN20', 'discount_invoice', 'percent', 20, NULL, '2024-12-31T17:00:00.000Z',
          'Giảm 20 % (đã hết hạn)'),
        ('NAP100K', 'credit', 'amount', 100000, NULL, NULL, 'Cộng 100.000 ₫ vào số dư');

      -- For the keys area; a create_server order may name one of the account's keys.
      CREATE TABLE ssh_keys (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        public_key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        generated INTEGER NOT NULL DEFAULT 0 CHECK (generated IN (0, 1)),
        created_at TEXT NOT NULL,
        UNIQUE (user_id, name)
      ) STRICT;

      -- A server's status at rest; a running task (and its end) gives the status in between.
      CREATE TABLE servers (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'shutoff', 'error', 'deleted')),
        cpu INTEGER NOT NULL CHECK (cpu >= 1),
        ram INTEGER NOT NULL CHECK (ram >= 1),
        disk INTEGER NOT NULL CHECK (disk >= 1),
        disk_type TEXT NOT NULL CHECK (disk_type IN ('SSD', 'HDD')),
        image_id INTEGER NOT NULL REFERENCES images (id),
        datacenter TEXT NOT NULL REFERENCES datacenters (code),
        key_name TEXT,
        interval_count INTEGER NOT NULL CHECK (interval_count IN (1, 3, 6, 12)),
        expiry TEXT,
        task TEXT CHECK (task IN ('build', 'power_on', 'power_off', 'soft_reboot', 'hard_reboot',
          'reset_password', 'rebuild', 'resize', 'delete')),
        task_started_at TEXT,
        task_ends_at TEXT,
        delete_volumes INTEGER CHECK (delete_volumes IN (0, 1)),
        created_at TEXT NOT NULL,
        deleted_at TEXT,
        CHECK ((task IS NULL) = (task_started_at IS NULL) AND (task IS NULL) = (task_ends_at IS NULL)),
        CHECK ((status = 'deleted') = (deleted_at IS NOT NULL))
      ) STRICT;
      CREATE UNIQUE INDEX servers_live_name ON servers (user_id, name COLLATE NOCASE)
        WHERE deleted_at IS NULL;
      CREATE INDEX servers_task_end ON servers (task_ends_at) WHERE task IS NOT NULL;

      CREATE TABLE ips (
        id INTEGER PRIMARY KEY,
        server_id INTEGER NOT NULL REFERENCES servers (id) ON DELETE CASCADE,
        address TEXT NOT NULL UNIQUE,
        version TEXT NOT NULL CHECK (version IN ('ipv4', 'ipv6')),
        is_primary INTEGER NOT NULL DEFAULT 0 CHECK (is_primary IN (0, 1)),
        price INTEGER NOT NULL CHECK (price >= 0),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX ips_server ON ips (server_id);
      CREATE UNIQUE INDEX ips_one_primary ON ips (server_id) WHERE is_primary = 1;

      CREATE TABLE snapshot_schedules (
        server_id INTEGER PRIMARY KEY REFERENCES servers (id) ON DELETE CASCADE,
        weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
        hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
        status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
        last_run TEXT,
        snapshot_id INTEGER,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type TEXT NOT NULL CHECK (type IN ('create_server', 'resize_server', 'create_volume',
          'extend_volume', 'create_snapshot', 'buy_ip', 'renew')),
        status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled')),
        info TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount >= 0),
        interval_count INTEGER NOT NULL CHECK (interval_count IN (1, 3, 6, 12)),
        resource_id INTEGER,
        new_cpu INTEGER,
        new_ram INTEGER,
        new_disk INTEGER,
        new_size INTEGER,
        expiry TEXT,
        data TEXT NOT NULL CHECK (json_valid(data)),
        invoice_id INTEGER REFERENCES invoices (id),
        created_at TEXT NOT NULL,
        paid_at TEXT,
        CHECK ((status = 'paid') = (paid_at IS NOT NULL AND invoice_id IS NOT NULL))
      ) STRICT;
      CREATE INDEX orders_user ON orders (user_id, status);

      ALTER TABLE invoices ADD COLUMN paid_at TEXT;
      ALTER TABLE invoices ADD COLUMN resource_type TEXT
        CHECK (resource_type IN ('server', 'volume', 'snapshot', 'ip'));
      ALTER TABLE invoices ADD COLUMN resource_id INTEGER;
      ALTER TABLE invoices ADD COLUMN order_id INTEGER REFERENCES orders (id);
      ALTER TABLE invoices ADD COLUMN description TEXT NOT NULL DEFAULT '';

      -- Every change of a balance, for the billing screens' ledger.
      CREATE TABLE balance_adjustments (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type TEXT NOT NULL CHECK (type IN ('topup', 'payment', 'refund', 'coupon', 'manual')),
        method TEXT NOT NULL
          CHECK (method IN ('card', 'paypal', 'bank_transfer', 'balance', 'coupon', 'admin')),
        amount INTEGER NOT NULL,
        balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
        description TEXT NOT NULL,
        reference TEXT,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX balance_adjustments_user ON balance_adjustments (user_id);
    `,
  },
  {
    // Data disks: volumes a paid create_server order makes, attached to the new server. A volume's
    // status at rest is in_use (attached) or available; the attached server's task gives the
    // status in between. A deleted volume's row stays as a record.
    name: 'volumes',
    sql: `
      CREATE TABLE volumes (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 5 AND 32 AND name NOT GLOB '*[^A-Za-z0-9_-]*'),
        size INTEGER NOT NULL CHECK (size >= 1),
        type TEXT NOT NULL CHECK (type IN ('SSD', 'HDD')),
        status TEXT NOT NULL CHECK (status IN ('available', 'in_use', 'deleted')),
        server_id INTEGER REFERENCES servers (id),
        datacenter TEXT NOT NULL REFERENCES datacenters (code),
        price INTEGER NOT NULL CHECK (price >= 0),
        interval_count INTEGER NOT NULL CHECK (interval_count IN (1, 3, 6, 12)),
        expiry TEXT,
        created_at TEXT NOT NULL,
        deleted_at TEXT,
        CHECK ((status = 'deleted') = (deleted_at IS NOT NULL)),
        CHECK (status <> 'in_use' OR server_id IS NOT NULL),
        CHECK (status <> 'available' OR server_id IS NULL)
      ) STRICT;
      CREATE UNIQUE INDEX volumes_live_name ON volumes (user_id, name COLLATE NOCASE)
        WHERE deleted_at IS NULL;
      CREATE INDEX volumes_server ON volumes (server_id) WHERE deleted_at IS NULL;
    `,
  },
  {
    // Sessions expire after a stretch without use (issue 6 §2); a session's last use starts as
    // its creation. The index serves the clean-up of expired rows.
    name: 'session_last_used',
    sql: `
      ALTER TABLE sessions ADD COLUMN last_used_at TEXT NOT NULL DEFAULT '';
      UPDATE sessions SET last_used_at = created_at;
      CREATE INDEX sessions_last_used ON sessions (last_used_at);
    `,
  },
  {
    // Top-ups through a gateway (issue 7): one row per attempt, pending until the gateway's
    // signed answer settles it. A gateway reference credits at most once: the unique index on
    // the ledger's top-up references holds that even if the code forgot to.
    name: 'payment_attempts',
    sql: `
      CREATE TABLE payment_attempts (
        id INTEGER PRIMARY KEY,
        reference TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        method TEXT NOT NULL CHECK (method IN ('card', 'paypal', 'bank_transfer')),
        amount INTEGER NOT NULL CHECK (amount > 0),
        currency TEXT NOT NULL CHECK (currency IN ('VND', 'USD')),
        return_url TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'credited', 'failed', 'cancelled')),
        response_code TEXT,
        transaction_no TEXT,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        settled_at TEXT,
        CHECK ((status = 'pending') = (settled_at IS NULL))
      ) STRICT;
      CREATE INDEX payment_attempts_user ON payment_attempts (user_id);
      CREATE UNIQUE INDEX balance_adjustments_topup_reference ON balance_adjustments (reference)
        WHERE type = 'topup';
    `,
  },
  {
    // PayPal top-ups (issue 7). The provider's side of a PayPal payment (which attempt, the
    // dollars charged and the exchange rate of the request) next to the sandbox simulator's
    // side (PayPal's payment: its token, approval, payer and sale). The sale's total is what
    // PayPal reports on execution; only it decides the credit, never the return query.
    name: 'paypal_payments',
    sql: `
      CREATE TABLE paypal_payments (
        id TEXT PRIMARY KEY,
        attempt_id INTEGER NOT NULL UNIQUE REFERENCES payment_attempts (id) ON DELETE CASCADE,
        exchange_rate INTEGER NOT NULL CHECK (exchange_rate > 0),
        charged_total TEXT NOT NULL,
        token TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL CHECK (state IN ('created', 'approved', 'cancelled')),
        payer_id TEXT,
        sale_state TEXT CHECK (sale_state IN ('pending', 'completed')),
        sale_total TEXT NOT NULL,
        CHECK ((state = 'approved') = (payer_id IS NOT NULL AND sale_state IS NOT NULL))
      ) STRICT;
    `,
  },
  {
    // The sandbox clock and renewal invoices (issue 7). The clock's offset from the base time is
    // a setting that survives a restart. A renewal invoice names the end of the period it pays
    // for; the unique index lets a resource have one renewal invoice per period, however many
    // sweeps run at once.
    name: 'sandbox_clock_renewals',
    sql: `
      CREATE TABLE sandbox_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
      ALTER TABLE invoices ADD COLUMN renewal_period_end TEXT;
      CREATE UNIQUE INDEX invoices_one_renewal_per_period
        ON invoices (resource_type, resource_id, renewal_period_end)
        WHERE renewal_period_end IS NOT NULL;
    `,
  },
  {
    // A trial is made of real resources (issue 7): what an upgrade pays for is computed from the
    // account's servers and volumes without a paid period (server/trialPackages.ts), so the
    // stored, fixed-price trial packages are gone.
    name: 'trial_packages_from_resources',
    sql: `
      DROP TABLE trial_packages;
    `,
  },
  {
    // Snapshots (issue 8) of a data volume or of a server's root disk (exactly one source). Status
    // at rest is available or deleted; a running task (taking the copy, restoring it into a new
    // volume) and its end give the status in between, as the clock says. Names are unique among
    // an account's live snapshots; a deleted snapshot's row stays as a record.
    name: 'snapshots',
    sql: `
      CREATE TABLE snapshots (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 5 AND 32 AND name NOT GLOB '*[^A-Za-z0-9_-]*'),
        volume_id INTEGER REFERENCES volumes (id),
        server_id INTEGER REFERENCES servers (id),
        size INTEGER NOT NULL CHECK (size >= 1),
        type TEXT NOT NULL CHECK (type IN ('SSD', 'HDD')),
        datacenter TEXT NOT NULL REFERENCES datacenters (code),
        status TEXT NOT NULL CHECK (status IN ('available', 'deleted')),
        task TEXT CHECK (task IN ('create', 'restore')),
        task_ends_at TEXT,
        auto INTEGER NOT NULL DEFAULT 0 CHECK (auto IN (0, 1)),
        price INTEGER NOT NULL CHECK (price >= 0),
        expiry TEXT,
        created_at TEXT NOT NULL,
        deleted_at TEXT,
        CHECK ((volume_id IS NULL) <> (server_id IS NULL)),
        CHECK ((task IS NULL) = (task_ends_at IS NULL)),
        CHECK ((status = 'deleted') = (deleted_at IS NOT NULL))
      ) STRICT;
      CREATE UNIQUE INDEX snapshots_live_name ON snapshots (user_id, name COLLATE NOCASE)
        WHERE deleted_at IS NULL;
      CREATE INDEX snapshots_volume ON snapshots (volume_id) WHERE deleted_at IS NULL;
      CREATE INDEX snapshots_server ON snapshots (server_id) WHERE deleted_at IS NULL;
    `,
  },
  {
    // Volumes of their own (issue 8): a volume runs one task at a time (create, attach, detach,
    // extend, restore) that ends when the clock says, as a server's task does; its status at rest
    // is already the one after the task. An order remembers the size it buys (create_volume,
    // extend_volume) in new_size.
    name: 'volume_tasks',
    sql: `
      ALTER TABLE volumes ADD COLUMN task TEXT
        CHECK (task IN ('create', 'attach', 'detach', 'extend', 'restore'));
      ALTER TABLE volumes ADD COLUMN task_ends_at TEXT;
    `,
  },
  {
    // The account's VAT invoice details (issue 9, spec §3): one row per account once set; a
    // field left unset is NULL. The tax code's format is checked by src/domain/taxCode.ts.
    name: 'invoice_info',
    sql: `
      CREATE TABLE invoice_info (
        user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        company_name TEXT,
        tax_code TEXT,
        tax_address TEXT,
        billing_address TEXT,
        billing_email TEXT,
        billing_phone TEXT,
        updated_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    // Agency customers (issue 9): an account an agency created (or was given) names the agency.
    name: 'agency_customers',
    sql: `
      ALTER TABLE users ADD COLUMN agency_id INTEGER REFERENCES users (id);
      CREATE INDEX users_agency ON users (agency_id) WHERE agency_id IS NOT NULL;
    `,
  },
  {
    // Support tickets (issue 9). A ticket holds the customer's opening message; every later
    // message, the customer's or support's, is a reply. Support's automatic answer is stored when
    // a read finds it due (server/tickets.ts); its text is the message key in `content_key`,
    // translated when shown. `updated_at` is the time of the latest message.
    name: 'tickets',
    sql: `
      CREATE TABLE tickets (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        subject TEXT NOT NULL CHECK (length(trim(subject)) > 0),
        content TEXT NOT NULL CHECK (length(trim(content)) > 0),
        preferred_time TEXT,
        status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX tickets_user ON tickets (user_id, updated_at);
      CREATE TABLE ticket_replies (
        id INTEGER PRIMARY KEY,
        ticket_id INTEGER NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
        author TEXT NOT NULL CHECK (author IN ('customer', 'support')),
        content TEXT,
        content_key TEXT,
        created_at TEXT NOT NULL,
        CHECK ((content IS NULL) <> (content_key IS NULL))
      ) STRICT;
      CREATE INDEX ticket_replies_ticket ON ticket_replies (ticket_id, created_at);
    `,
  },
  {
    // A service's life (issue 16, src/domain/serviceLife.ts). Accounts choose whether renewals
    // are paid from the balance on their due date. A resource unpaid past its grace period is
    // suspended until paid. An invoice remembers the mails it caused, so each is sent once, and
    // the bill that ends a trial names the end of the period it pays (one open at a time).
    name: 'service_life',
    sql: `
      ALTER TABLE users ADD COLUMN auto_pay_renewals INTEGER NOT NULL DEFAULT 1
        CHECK (auto_pay_renewals IN (0, 1));
      ALTER TABLE servers ADD COLUMN suspended_at TEXT;
      ALTER TABLE volumes ADD COLUMN suspended_at TEXT;
      ALTER TABLE invoices ADD COLUMN trial_period_end TEXT;
      ALTER TABLE invoices ADD COLUMN reminded_at TEXT;
      ALTER TABLE invoices ADD COLUMN overdue_mailed_at TEXT;
      CREATE UNIQUE INDEX invoices_one_open_trial_bill ON invoices (user_id)
        WHERE trial_period_end IS NOT NULL AND status = 'open';
    `,
  },
  {
    // A signed card approval that comes after a decline or a cancel for the same reference is
    // still credited (issue 17); the attempt keeps the answer it replaced.
    name: 'payment_attempt_history',
    sql: `
      ALTER TABLE payment_attempts ADD COLUMN superseded_status TEXT
        CHECK (superseded_status IN ('failed', 'cancelled'));
      ALTER TABLE payment_attempts ADD COLUMN superseded_response_code TEXT;
    `,
  },
  {
    // Licensed images (issue 16): an image may carry a licence product, paid one unit a month by
    // every server built from it (src/domain/serverOrder.ts `licenseProductLines`), and may allow
    // password sign-in only. Windows Server 2022 carries the Windows Server License and takes no
    // SSH key.
    name: 'image_licences',
    sql: `
      ALTER TABLE images ADD COLUMN license_product_id INTEGER REFERENCES products (id);
      ALTER TABLE images ADD COLUMN ssh_keys_allowed INTEGER NOT NULL DEFAULT 1
        CHECK (ssh_keys_allowed IN (0, 1));
      UPDATE images
         SET license_product_id = (SELECT id FROM products WHERE code = 'windows_license'),
             ssh_keys_allowed = 0
       WHERE name = 'Windows Server 2022';
    `,
  },
  {
    // Balance-history descriptions are a message key with JSON parameters, rendered in the
    // reader's language (issue 17); \`description\` stays their Vietnamese rendering. Rows written
    // before keep their text as the parameter of a key that shows it as it is, except the
    // gateway and coupon rows whose reference says everything their text said.
    name: 'ledger_description_keys',
    sql: `
      ALTER TABLE balance_adjustments ADD COLUMN description_key TEXT NOT NULL
        DEFAULT 'ledger.legacy';
      ALTER TABLE balance_adjustments ADD COLUMN description_params TEXT NOT NULL DEFAULT '{}'
        CHECK (json_valid(description_params));
      UPDATE balance_adjustments
         SET description_params = json_object('text', description);
      UPDATE balance_adjustments
         SET description_key = CASE method
               WHEN 'card' THEN 'ledger.topup_card'
               ELSE 'ledger.topup_bank_transfer' END,
             description_params = json_object('reference', reference)
       WHERE type = 'topup' AND method IN ('card', 'bank_transfer') AND reference IS NOT NULL;
      UPDATE balance_adjustments
         SET description_key = 'ledger.coupon_credit',
             description_params = json_object('code', reference)
       WHERE type = 'coupon' AND reference IS NOT NULL;
    `,
  },
  {
    // Invoices are documents (issue 17, server/invoiceDocument.ts): an invoice copies its buyer
    // and seller when issued (`parties`, JSON) and has lines, described by a message key and
    // JSON parameters; a discount is a line of its own. The seller is the sandbox's configured
    // company (`invoice_seller`, one row, rewritten at start). Invoices issued before get the
    // account's invoice info of today, one line with their stored text, the order's price and
    // its discount for an order's invoice, and the discount a coupon gave when the balance
    // history shows less paid than the invoice asked (their amount becomes what was paid).
    name: 'invoice_documents',
    sql: `
      CREATE TABLE invoice_seller (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT NOT NULL,
        tax_code TEXT NOT NULL,
        address TEXT NOT NULL
      ) STRICT;
      INSERT INTO invoice_seller (id, name, tax_code, address) VALUES
        (1, 'Công ty TNHH Điện toán Đám mây IDC (sandbox)', '0109999999',
          'Tầng 8, 18 Phố Láng Hạ, Phường Giảng Võ, Hà Nội');

      CREATE TABLE invoice_lines (
        id INTEGER PRIMARY KEY,
        invoice_id INTEGER NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('item', 'discount')),
        text_key TEXT NOT NULL,
        text_params TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(text_params)),
        unit_price INTEGER NOT NULL,
        quantity INTEGER NOT NULL CHECK (quantity > 0),
        period_months INTEGER,
        period_start TEXT,
        period_end TEXT,
        coupon_code TEXT,
        amount INTEGER NOT NULL,
        CHECK (kind = 'item' AND amount >= 0 OR kind = 'discount' AND amount <= 0),
        UNIQUE (invoice_id, position)
      ) STRICT;

      ALTER TABLE invoices ADD COLUMN parties TEXT CHECK (parties IS NULL OR json_valid(parties));
      UPDATE invoices SET parties = json_object(
        'buyer', (SELECT json_object('name', u.fullname, 'email', u.email,
                    'company_name', i.company_name, 'tax_code', i.tax_code,
                    'tax_address', i.tax_address, 'billing_address', i.billing_address)
                    FROM users u LEFT JOIN invoice_info i ON i.user_id = u.id
                   WHERE u.id = invoices.user_id),
        'seller', (SELECT json_object('name', name, 'tax_code', tax_code, 'address', address)
                     FROM invoice_seller));

      -- What the balance history shows paid for each paid invoice, when less than its amount.
      CREATE TEMP TABLE old_invoice_payments AS
        SELECT i.id AS invoice_id, -SUM(a.amount) AS paid
          FROM invoices i JOIN balance_adjustments a
            ON a.user_id = i.user_id AND a.type = 'payment'
           AND a.reference = 'INV-' || substr(i.created_at, 1, 4) || '-' || printf('%06d', i.id)
         WHERE i.status = 'paid' AND i.order_id IS NULL
         GROUP BY i.id HAVING -SUM(a.amount) BETWEEN 0 AND MAX(i.amount) - 1;

      INSERT INTO invoice_lines (invoice_id, position, kind, text_key, text_params, unit_price,
          quantity, period_months, period_start, period_end, amount)
        SELECT i.id, 1, 'item', 'invoice_document.line.legacy',
               json_object('text', i.description),
               COALESCE(o.amount, i.amount), 1, o.interval_count,
               CASE WHEN o.id IS NULL THEN NULL ELSE i.created_at END,
               COALESCE(o.expiry, i.renewal_period_end, i.trial_period_end),
               COALESCE(o.amount, i.amount)
          FROM invoices i LEFT JOIN orders o ON o.id = i.order_id AND o.amount >= i.amount;
      INSERT INTO invoice_lines (invoice_id, position, kind, text_key, text_params, unit_price,
          quantity, amount)
        SELECT i.id, 2, 'discount', 'invoice_document.line.discount_unknown', '{}',
               i.amount - o.amount, 1, i.amount - o.amount
          FROM invoices i JOIN orders o ON o.id = i.order_id
         WHERE o.amount > i.amount;
      INSERT INTO invoice_lines (invoice_id, position, kind, text_key, text_params, unit_price,
          quantity, amount)
        SELECT p.invoice_id, 2, 'discount', 'invoice_document.line.discount_unknown', '{}',
               p.paid - i.amount, 1, p.paid - i.amount
          FROM old_invoice_payments p JOIN invoices i ON i.id = p.invoice_id;
      UPDATE invoices
         SET amount = (SELECT paid FROM old_invoice_payments WHERE invoice_id = invoices.id)
       WHERE id IN (SELECT invoice_id FROM old_invoice_payments);
      DROP TABLE old_invoice_payments;
    `,
  },
  {
    // The language the account last used the portal in (its requests' Accept-Language): the
    // billing mails are written in it. NULL until known: such mails give both languages.
    name: 'account_mail_locale',
    sql: `
      ALTER TABLE users ADD COLUMN locale TEXT CHECK (locale IN ('vi', 'en'));
    `,
  },
  {
    // Restoring a server from a snapshot of its root disk (issue 19): the restore runs as the
    // server's rebuild task, from the snapshot named here (NULL for a plain rebuild); a root
    // disk's snapshot remembers the image it was taken of (existing ones: the server's image now).
    name: 'server_restore_from_snapshot',
    sql: `
      ALTER TABLE servers ADD COLUMN restore_snapshot_id INTEGER REFERENCES snapshots (id);
      ALTER TABLE snapshots ADD COLUMN image_id INTEGER REFERENCES images (id);
      UPDATE snapshots SET image_id = (SELECT image_id FROM servers WHERE servers.id = server_id)
       WHERE server_id IS NOT NULL;
    `,
  },
  {
    // What a change or a renewal order was priced from (billing/pricedState.ts): paying refuses an
    // order whose resource has changed since, so no order is paid at a price that no longer holds.
    // NULL for orders that make a new resource, and for those placed before this column.
    name: 'order_priced_from',
    sql: `
      ALTER TABLE orders ADD COLUMN priced_from TEXT CHECK (json_valid(priced_from));
    `,
  },
  {
    // What lists call an invoice, as a message text rendered in the reader's language
    // (\`description\` stays its Vietnamese rendering). An invoice's summary is its first line
    // unless it was issued with its own; the trial bills issued before keep none.
    name: 'invoice_summary',
    sql: `
      ALTER TABLE invoices ADD COLUMN summary TEXT CHECK (summary IS NULL OR json_valid(summary));
      UPDATE invoices SET summary = (
        SELECT json_object('key', line.text_key, 'params', json(line.text_params))
          FROM invoice_lines AS line WHERE line.invoice_id = invoices.id
         ORDER BY line.position LIMIT 1)
       WHERE trial_period_end IS NULL;
    `,
  },
  {
    // An open renewal is issued again when its resource's plan changes (billing/renewals.ts
    // \`reissueOpenRenewals\`): the cancelled one no longer holds its period.
    name: 'renewal_per_period_not_cancelled',
    sql: `
      DROP INDEX invoices_one_renewal_per_period;
      CREATE UNIQUE INDEX invoices_one_renewal_per_period
        ON invoices (resource_type, resource_id, renewal_period_end)
        WHERE renewal_period_end IS NOT NULL AND status <> 'cancelled';
    `,
  },
  {
    // A suspension powers a server off; paying puts it back as it was (billing/renewals.ts
    // \`resumePaidResources\`), not running if the customer had switched it off.
    name: 'server_status_before_suspension',
    sql: `ALTER TABLE servers ADD COLUMN status_before_suspension TEXT;`,
  },
  {
    // The first answer of each idempotency key (platform/idempotency.ts), kept for a day.
    name: 'idempotent_answers',
    sql: `
      CREATE TABLE idempotent_answers (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        operation TEXT NOT NULL,
        key TEXT NOT NULL,
        request TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (user_id, operation, key)
      ) STRICT;
    `,
  },
];
