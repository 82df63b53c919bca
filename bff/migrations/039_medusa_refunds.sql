-- Issue 41, item 12: a refund ops press in Medusa's dashboard only records it there; the BFF pays it, once.

-- Each such refund, by Medusa's id: how the shopper gets it (Razorpay for an online payment, Dark Coins for cash on
-- delivery) and when it was paid. The row is written once per refund, so a repeated notice pays nothing more.
create table bff.medusa_refunds (
  refund_id text primary key,
  order_id text not null references bff.orders (id),
  amount_paise integer not null check (amount_paise > 0),
  paid_as text not null check (paid_as in ('razorpay', 'dark_coins')),
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index medusa_refunds_order_idx on bff.medusa_refunds (order_id);

-- Dark Coins paid for such a refund: one entry per refund.
alter table bff.dark_coin_entries add column medusa_refund_id text references bff.medusa_refunds (refund_id);
create unique index dark_coin_entries_once_per_medusa_refund on bff.dark_coin_entries (medusa_refund_id) where medusa_refund_id is not null;

-- The shopper's message of such a refund, once per refund and channel (as bff.order_messages for orders).
create table bff.medusa_refund_messages (
  refund_id text not null references bff.medusa_refunds (refund_id),
  channel text not null,
  sent_at timestamptz not null default now(),
  primary key (refund_id, channel)
);
