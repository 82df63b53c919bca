-- Issue 45: ratings, reviews and fit advice from buyers who received the piece and kept it (features/reviews/).
create table bff.reviews (
  id bigint generated always as identity primary key,
  user_id uuid not null references bff.users (id) on delete cascade,
  product_id text not null,
  -- The order that proves the purchase (delivered, a unit kept), and the size kept on its line.
  order_id text not null references bff.orders (id),
  size_bought text,
  -- False once part of that purchase came back; all of it back withdraws the review.
  verified_buyer boolean not null default true,
  rating smallint not null check (rating between 1 and 5),
  fit text not null check (fit in ('SMALL', 'TRUE', 'LARGE')),
  text text check (text is null or char_length(text) between 1 and 2000),
  image_url text,
  thumb_url text,
  check ((image_url is null) = (thumb_url is null)),
  -- The author's FITFEED post of the product it links to; a deleted post unlinks it.
  post_id bigint references bff.fitfeed_posts (id) on delete set null,
  -- Reports from trusted reporters since staff last restored it; three hide it (as posts).
  report_count int not null default 0 check (report_count >= 0),
  hidden_at timestamptz,
  -- Staff's reason, told to the author; null when reports hid it.
  hidden_reason text check (hidden_reason is null or char_length(hidden_reason) between 1 and 500),
  reviewed_at timestamptz,
  withdrawn_at timestamptz,
  withdrawn_by text check (withdrawn_by in ('author', 'return')),
  check ((withdrawn_at is null) = (withdrawn_by is null)),
  created_at timestamptz not null default now(),
  edited_at timestamptz
);
-- Once per buyer and product while it stands; a withdrawn review may be written again.
create unique index reviews_one_per_buyer on bff.reviews (user_id, product_id) where withdrawn_at is null;
create index reviews_of_product_idx on bff.reviews (product_id, created_at desc, id desc) where withdrawn_at is null;
create index reviews_of_order_idx on bff.reviews (order_id) where withdrawn_at is null;
create index reviews_hidden_idx on bff.reviews (hidden_at desc) where hidden_at is not null and withdrawn_at is null;

create table bff.review_reports (
  review_id bigint not null references bff.reviews (id) on delete cascade,
  user_id uuid not null references bff.users (id) on delete cascade,
  reason text not null check (char_length(reason) between 1 and 500),
  -- A trusted reporter's report (fitfeed/reports.ts): only these count toward hiding.
  counts boolean not null,
  created_at timestamptz not null default now(),
  cleared_at timestamptz,
  primary key (review_id, user_id)
);
create index review_reports_newest_idx on bff.review_reports (created_at desc) where cleared_at is null;

-- The invitation to review an order's pieces, a few days after delivery, is one more order message (order-messages/).
alter table bff.order_messages drop constraint order_messages_event_check;
alter table bff.order_messages add constraint order_messages_event_check
  check (event in ('placed', 'shipped', 'delivered', 'cancelled', 'refunded', 'review_invite'));

-- The fit signals of a product's returns and exchanges (returns/fit-signals.ts) are found by product.
create index returns_lines_idx on bff.returns using gin (lines jsonb_path_ops);
