-- Staff: the console's users are Medusa admin users (actor `user`), the accounts ops use in Medusa's
-- dashboard. The first sign-in gives one a bff.users row of role admin, linked by the Medusa user's id,
-- so sessions, refresh rotation and revocation work as they do for shoppers. Only that link makes a
-- row staff through the console's sign-in: a shopper's row is never found by it, never converted.
alter table bff.users add column medusa_user_id text;
create unique index users_medusa_user_key on bff.users (medusa_user_id);
alter table bff.users add constraint users_medusa_user_is_staff check (medusa_user_id is null or role = 'admin');

-- FITFEED review: the posts that reports took out of the feed, newest hidden first (few rows, one index).
create index fitfeed_posts_hidden_idx on bff.fitfeed_posts (hidden_at desc, id desc) where hidden_at is not null;
