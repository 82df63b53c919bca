-- A post is read far more often than it is written: each row carries its own part of the spec's Post as
-- compact JSON text, kept right by triggers whatever code writes the row, so a page of posts is made by
-- joining text instead of building and escaping every field on every read (half a feed read's time).
--   fitfeed_posts.card_head    the members that never change once posted (id, product, caption, pictures, date, fit note)
--   fitfeed_posts.earnings_coins  the sum of the ledger's entries for the post, kept in the entry's transaction
--   users.author_card          the author as a Post shows them ({id, name, handle, avatarUrl})
--   catalog_products.post_card the product as a Post shows it ({id, title, imageUrl})

alter table bff.fitfeed_posts add column card_head text;
alter table bff.fitfeed_posts add column earnings_coins int not null default 0;
alter table bff.users add column author_card text;
alter table bff.catalog_products add column post_card text;

create function bff.json_text_or_null(value text) returns text language sql stable as
$$ select coalesce(to_json(value)::text, 'null') $$;

create function bff.fitfeed_post_card_head() returns trigger language plpgsql as $$
begin
  new.card_head := '"id":"' || new.id || '","kind":' || to_json(new.kind) || ',"productId":' || to_json(new.product_id)
    || ',"text":' || bff.json_text_or_null(new.text) || ',"imageUrl":' || to_json(new.image_url)
    || ',"thumbnailUrl":' || to_json(new.thumb_url)
    || ',"createdAt":"' || to_char(new.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","verifiedBuyer":true,"sizeBought":' || bff.json_text_or_null(new.size_bought);
  return new;
end $$;
create trigger fitfeed_posts_card_head before insert or update of kind, product_id, text, image_url, thumb_url, created_at, size_bought
  on bff.fitfeed_posts for each row execute function bff.fitfeed_post_card_head();

create function bff.user_author_card() returns trigger language plpgsql as $$
begin
  new.author_card := '{"id":"' || new.id || '","name":' || to_json(new.name) || ',"handle":' || to_json(new.handle)
    || ',"avatarUrl":' || bff.json_text_or_null(new.avatar_url) || '}';
  return new;
end $$;
create trigger users_author_card before insert or update of id, name, handle, avatar_url
  on bff.users for each row execute function bff.user_author_card();

create function bff.catalog_product_post_card() returns trigger language plpgsql as $$
begin
  new.post_card := '{"id":' || to_json(new.id) || ',"title":' || to_json(new.title)
    || ',"imageUrl":' || bff.json_text_or_null(new.image_url) || '}';
  return new;
end $$;
create trigger catalog_products_post_card before insert or update of id, title, image_url
  on bff.catalog_products for each row execute function bff.catalog_product_post_card();

-- Referral earnings (and their reversals) name the post they came through.
create function bff.fitfeed_post_earnings() returns trigger language plpgsql as $$
begin
  if new.post_id ~ '^\d{1,18}$' then
    update bff.fitfeed_posts set earnings_coins = earnings_coins + new.coins where id = new.post_id::bigint;
  end if;
  return null;
end $$;
create trigger dark_coin_entries_post_earnings after insert on bff.dark_coin_entries
  for each row when (new.post_id is not null) execute function bff.fitfeed_post_earnings();

-- Existing rows: each trigger's own expression, run once.
update bff.fitfeed_posts set kind = kind;
update bff.users set name = name;
update bff.catalog_products set title = title;
update bff.fitfeed_posts p set earnings_coins = e.coins
  from (select post_id, sum(coins)::int as coins from bff.dark_coin_entries where post_id ~ '^\d{1,18}$' group by post_id) e
 where p.id = e.post_id::bigint;

alter table bff.fitfeed_posts alter column card_head set not null;
alter table bff.users alter column author_card set not null;
alter table bff.catalog_products alter column post_card set not null;
