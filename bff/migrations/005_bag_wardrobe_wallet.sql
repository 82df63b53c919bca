-- The bag: sized lines live in the shopper's Medusa cart (INR region); lines without a size live here
-- until one is chosen (ARCHITECTURE: bag lines without a size). Stock is never reserved for them.
create table bff.carts (
  user_id uuid primary key references bff.users (id) on delete cascade,
  medusa_cart_id text not null unique,
  created_at timestamptz not null default now()
);

create table bff.sizeless_bag_lines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references bff.users (id) on delete cascade,
  product_id text not null,
  quantity int not null check (quantity between 1 and 10),
  ref_post_id text check (ref_post_id ~ '^[0-9]{1,18}$'),
  created_at timestamptz not null default now(),
  unique (user_id, product_id)
);

-- The wardrobe (wishlist): one entry per product and shopper.
create table bff.wishlist_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references bff.users (id) on delete cascade,
  product_id text not null,
  created_at timestamptz not null default now(),
  unique (user_id, product_id)
);
create index wishlist_items_user_idx on bff.wishlist_items (user_id, created_at desc);

-- Dark Coins: one signed entry per earn, spend, reversal or adjustment; the balance is their sum.
create table bff.dark_coin_entries (
  id bigserial primary key,
  user_id uuid not null references bff.users (id) on delete cascade,
  coins int not null check (coins <> 0),
  kind text not null check (kind in ('earn', 'spend', 'reversal', 'adjustment')),
  note text,
  order_id text,
  post_id text,
  created_at timestamptz not null default now()
);
create index dark_coin_entries_user_idx on bff.dark_coin_entries (user_id);
