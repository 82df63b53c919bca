-- Issue 28: what follows an order: its timeline, the promise made at checkout, its messages and its GST documents.

-- When the order reached each step. Orders from before this migration take their last change as the best date known.
alter table bff.orders
  add column shipped_at timestamptz,
  add column cancelled_at timestamptz,
  add column returned_at timestamptz,
  add column estimated_delivery date;
update bff.orders set shipped_at = coalesce(delivered_at, updated_at) where status in ('SHIPPED', 'DELIVERED');
update bff.orders set cancelled_at = updated_at where status = 'CANCELLED';
update bff.orders set returned_at = updated_at where status = 'RETURNED';

-- The India calendar day Shiprocket promised when the checkout was made (null when it could not be asked).
alter table bff.checkouts add column estimated_delivery date;

-- Each order message sent, once per order, event and channel: a job run twice finds its row and sends nothing.
create table bff.order_messages (
  order_id text not null references bff.orders (id),
  event text not null check (event in ('placed', 'shipped', 'delivered', 'cancelled', 'refunded')),
  channel text not null,
  sent_at timestamptz not null default now(),
  primary key (order_id, event, channel)
);

-- GST's consecutive numbering: one counter per series (invoices, credit notes) and financial year ("26-27").
create table bff.tax_document_counters (
  series text not null,
  financial_year text not null,
  last_sequence integer not null check (last_sequence > 0),
  primary key (series, financial_year)
);

-- Every tax invoice and credit note issued, with everything it prints frozen at issue: one of each kind per order.
create table bff.tax_documents (
  number text primary key check (length(number) <= 16),
  kind text not null check (kind in ('invoice', 'credit_note')),
  order_id text not null references bff.orders (id),
  issued_at timestamptz not null default now(),
  document jsonb not null,
  unique (order_id, kind)
);
