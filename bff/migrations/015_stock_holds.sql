-- Units a checkout holds between its start and its order, so only as many checkouts go on to Medusa as
-- there are units: the rest are told at once. A hold counts while it is open (not released) and either
-- unplaced and unexpired (the payment window) or placed after the catalogue last read the product from
-- Medusa (until then the read model's stock does not yet show the order's reservation).
create table bff.stock_holds (
  checkout_id uuid not null,
  user_id uuid not null references bff.users (id) on delete cascade,
  product_id text not null,
  variant_id text not null,
  quantity int not null check (quantity > 0),
  held_at timestamptz not null default now(),
  expires_at timestamptz not null,
  placed_at timestamptz,
  released_at timestamptz,
  primary key (checkout_id, variant_id)
);
create index stock_holds_open_idx on bff.stock_holds (variant_id) where released_at is null;
create index stock_holds_user_open_idx on bff.stock_holds (user_id) where released_at is null and placed_at is null;
