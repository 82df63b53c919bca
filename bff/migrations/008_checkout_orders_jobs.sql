-- Checkout: one row per attempt to pay for the bag (a Razorpay order or a COD placement), the orders
-- they became, and the durable jobs that settle payments, refund them and dispatch shipments.

-- The wallet row a checkout locks (select … for update) while it spends coins from the ledger.
create table bff.wallets (
  user_id uuid primary key references bff.users (id) on delete cascade,
  updated_at timestamptz not null default now()
);

create table bff.checkouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references bff.users (id) on delete cascade,
  mode text not null check (mode in ('prepaid', 'cod')),
  -- The Medusa cart made for this attempt (the bag's lines frozen when the shopper checked out).
  medusa_cart_id text not null unique,
  receipt text not null unique,
  razorpay_order_id text unique,
  razorpay_payment_id text,
  subtotal_paise int not null check (subtotal_paise >= 0),
  discount_paise int not null check (discount_paise >= 0),
  coins int not null check (coins >= 0),
  cod_fee_paise int not null check (cod_fee_paise >= 0),
  amount_paise int not null check (amount_paise >= 0),
  is_test boolean not null default false,
  lines jsonb not null,
  address jsonb not null,
  status text not null default 'awaiting_payment'
    check (status in ('awaiting_payment', 'paid', 'placed', 'failed', 'refunded', 'expired')),
  failure text,
  medusa_order_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index checkouts_unsettled_idx on bff.checkouts (created_at) where status in ('awaiting_payment', 'paid');

create table bff.orders (
  id text primary key,
  checkout_id uuid not null unique references bff.checkouts (id),
  user_id uuid not null references bff.users (id) on delete cascade,
  display_id int,
  status text not null check (status in ('PLACED', 'PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED')),
  payment_method text not null check (payment_method in ('online', 'cod')),
  is_test boolean not null default false,
  subtotal_paise int not null,
  discount_paise int not null,
  cod_fee_paise int not null,
  total_paise int not null,
  items jsonb not null,
  shipping_address jsonb not null,
  shipping_provider text,
  shiprocket_order_id text,
  shipment_id text,
  tracking_id text unique,
  tracking_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_user_idx on bff.orders (user_id, created_at desc);

-- One spend per order and one reversal per spend, whatever runs twice.
alter table bff.dark_coin_entries add column checkout_id uuid references bff.checkouts (id);
create unique index dark_coin_entries_one_spend_per_checkout on bff.dark_coin_entries (checkout_id, kind)
  where checkout_id is not null;

-- Durable work: claimed by pushing run_at forward (a lease), so a job whose worker died runs again.
create table bff.jobs (
  id bigserial primary key,
  kind text not null,
  key text not null,
  payload jsonb not null default '{}',
  run_at timestamptz not null default now(),
  attempts int not null default 0,
  last_error text,
  done_at timestamptz,
  created_at timestamptz not null default now(),
  unique (kind, key)
);
create index jobs_due_idx on bff.jobs (run_at) where done_at is null;
