-- FITFEED: outfit posts by verified buyers, likes, comments, follows, reports, referral visits and the
-- images shoppers upload. Post ids are a bigint sequence: a post's id travels in shared links as the
-- spec's refPost, which is digits only. Like and comment counts sit beside the post and change in the
-- same statement as the row, so they are exact under storms and cost nothing to read.

-- Every image a shopper uploaded (re-encoded, metadata stripped): a post or an avatar may only use
-- the uploader's own.
create table bff.uploads (
  id uuid primary key,
  user_id uuid not null references bff.users (id) on delete cascade,
  url text not null unique,
  thumb_url text not null,
  width int not null check (width > 0),
  height int not null check (height > 0),
  created_at timestamptz not null default now()
);
create index uploads_user_idx on bff.uploads (user_id, created_at desc);

create table bff.fitfeed_posts (
  id bigint generated always as identity primary key,
  user_id uuid not null references bff.users (id) on delete cascade,
  kind text not null default 'REGULAR' check (kind = 'REGULAR'),
  product_id text not null,
  -- The order that proves the purchase, and the size bought on its line (the card's fit note).
  order_id text not null,
  size_bought text,
  text text check (text is null or char_length(text) between 1 and 500),
  image_url text not null,
  thumb_url text not null,
  like_count int not null default 0 check (like_count >= 0),
  comment_count int not null default 0 check (comment_count >= 0),
  report_count int not null default 0 check (report_count >= 0),
  -- Liked unusually often in the last 24 hours (refreshed every minute).
  trending boolean not null default false,
  -- Set by the third report; every feed and profile but the author's leaves the post out until staff review it.
  hidden_at timestamptz,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (user_id, product_id)
);
create index fitfeed_posts_newest_idx on bff.fitfeed_posts (created_at desc, id desc);
create index fitfeed_posts_author_idx on bff.fitfeed_posts (user_id, created_at desc, id desc);

create table bff.fitfeed_likes (
  post_id bigint not null references bff.fitfeed_posts (id) on delete cascade,
  user_id uuid not null references bff.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create index fitfeed_likes_recent_idx on bff.fitfeed_likes (created_at, post_id);
create index fitfeed_likes_user_idx on bff.fitfeed_likes (user_id, post_id);

create table bff.fitfeed_comments (
  id bigint generated always as identity primary key,
  post_id bigint not null references bff.fitfeed_posts (id) on delete cascade,
  user_id uuid not null references bff.users (id) on delete cascade,
  text text not null check (char_length(text) between 1 and 500),
  created_at timestamptz not null default now()
);
create index fitfeed_comments_post_idx on bff.fitfeed_comments (post_id, created_at desc, id desc);

create table bff.fitfeed_follows (
  follower_id uuid not null references bff.users (id) on delete cascade,
  followee_id uuid not null references bff.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, followee_id),
  check (follower_id <> followee_id)
);
create index fitfeed_follows_followee_idx on bff.fitfeed_follows (followee_id, follower_id);

create table bff.fitfeed_reports (
  post_id bigint not null references bff.fitfeed_posts (id) on delete cascade,
  user_id uuid not null references bff.users (id) on delete cascade,
  reason text not null check (char_length(reason) between 1 and 500),
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);

-- A visitor who arrived through a post's link: one row per visitor, post and day.
create table bff.referral_visits (
  post_id bigint not null references bff.fitfeed_posts (id) on delete cascade,
  visitor text not null,
  day date not null default current_date,
  product_id text,
  created_at timestamptz not null default now(),
  primary key (post_id, visitor, day)
);

-- Referral earnings: one earn per order line bought through a post, one reversal per earn. What a
-- reversal could not take back (the author had spent it) is recorded as its shortfall.
alter table bff.dark_coin_entries add column line_key text;
alter table bff.dark_coin_entries add column shortfall int not null default 0 check (shortfall >= 0);
alter table bff.dark_coin_entries drop constraint dark_coin_entries_coins_check;
alter table bff.dark_coin_entries add constraint dark_coin_entries_coins_check check (coins <> 0 or shortfall > 0);
create unique index dark_coin_entries_one_per_line on bff.dark_coin_entries (order_id, line_key, kind) where line_key is not null;
create index dark_coin_entries_post_idx on bff.dark_coin_entries (post_id) where post_id is not null;
