-- Issue 29: returns and size exchanges asked from the account, picked up by the courier, refunded or exchanged once.

create table bff.returns (
  id uuid primary key,
  order_id text not null references bff.orders (id),
  user_id uuid not null references bff.users (id) on delete cascade,
  kind text not null check (kind in ('return', 'exchange')),
  status text not null default 'requested'
    check (status in ('requested', 'pickup_scheduled', 'picked_up', 'received', 'refunded', 'exchanged', 'cancelled')),
  -- Each line as asked, with what it gives back, fixed when asked (returns.ts ReturnLine).
  lines jsonb not null,
  -- The same lines as one text (line:quantity:size, sorted): a second ask for the same lines while the first awaits its pickup
  -- is a double click, refused.
  lines_key text not null,
  pickup_address jsonb not null,
  refund_to_payment_paise integer not null default 0 check (refund_to_payment_paise >= 0),
  refund_coins integer not null default 0 check (refund_coins >= 0),
  -- Of refund_coins, those that were spent on the units (the rest is a cash-on-delivery line's value as coins).
  refund_spent_coins integer not null default 0 check (refund_spent_coins >= 0 and refund_spent_coins <= refund_coins),
  medusa_return_id text,
  medusa_exchange_id text,
  shiprocket_order_id text,
  shipment_id text,
  awb text unique,
  tracking_url text,
  pickup_date date,
  -- An exchange's new size, shipped to the shopper once the courier has picked up the old one.
  exchange_shiprocket_order_id text,
  exchange_awb text unique,
  exchange_tracking_url text,
  exchange_shipped_at timestamptz,
  requested_at timestamptz not null default now(),
  pickup_scheduled_at timestamptz,
  picked_up_at timestamptz,
  received_at timestamptz,
  refunded_at timestamptz,
  exchanged_at timestamptz,
  cancelled_at timestamptz,
  updated_at timestamptz not null default now()
);
create index returns_order_idx on bff.returns (order_id);
create unique index returns_one_waiting_ask on bff.returns (order_id, lines_key) where status in ('requested', 'pickup_scheduled');

-- What came back of each order line (returns received): {"<line id>": {"quantity": units, "paid": paise}}, paid being what
-- was paid for those units after the Dark Coins discount. Kept on the order so the sales figures' trigger counts it out.
alter table bff.orders add column returned_lines jsonb not null default '{}';

-- A return's coins: the coins spent on its units back ('reversal') and a cash-on-delivery line's value ('refund'), each once.
alter table bff.dark_coin_entries add column return_id uuid references bff.returns (id);
alter table bff.dark_coin_entries drop constraint dark_coin_entries_kind_check;
alter table bff.dark_coin_entries add constraint dark_coin_entries_kind_check check (kind in ('earn', 'spend', 'reversal', 'adjustment', 'refund'));
create unique index dark_coin_entries_once_per_return on bff.dark_coin_entries (return_id, kind) where return_id is not null;

-- A post whose purchase came back in part is no longer a verified buyer's (one returned whole leaves the feed).
alter table bff.fitfeed_posts add column verified_buyer boolean not null default true;
create or replace function bff.fitfeed_post_card_head() returns trigger language plpgsql as $$
begin
  new.card_head := '"id":"' || new.id || '","kind":' || to_json(new.kind) || ',"productId":' || to_json(new.product_id)
    || ',"text":' || bff.json_text_or_null(new.text) || ',"imageUrl":' || to_json(new.image_url)
    || ',"thumbnailUrl":' || to_json(new.thumb_url)
    || ',"createdAt":"' || to_char(new.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","verifiedBuyer":' || new.verified_buyer || ',"sizeBought":' || bff.json_text_or_null(new.size_bought);
  return new;
end $$;
drop trigger fitfeed_posts_card_head on bff.fitfeed_posts;
create trigger fitfeed_posts_card_head before insert or update of kind, product_id, text, image_url, thumb_url, created_at, size_bought, verified_buyer
  on bff.fitfeed_posts for each row execute function bff.fitfeed_post_card_head();

-- Each return message sent, once per return, event and channel (as bff.order_messages for orders).
create table bff.return_messages (
  return_id uuid not null references bff.returns (id),
  event text not null check (event in ('return_requested', 'return_pickup', 'return_refunded', 'exchange_shipped')),
  channel text not null,
  sent_at timestamptz not null default now(),
  primary key (return_id, event, channel)
);
