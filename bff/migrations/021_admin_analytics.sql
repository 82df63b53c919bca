-- The merchandisers' analytics (issue 17), kept exact and cheap to read: each order's contribution is
-- added to per-day and per-product sales figures when it is recorded and taken out again when it stops
-- counting (cancelled), by a trigger on bff.orders, so no request sums the items of every order.
-- Days are India days (Asia/Kolkata). Cancelled orders count nowhere. Test orders (is_test: live-test
-- payments made with real keys to check the set-up) are not sales either and count nowhere.

-- One row per India day and payment method: orders, what they charged (totals, paise) and the value of
-- their lines bought through a FITFEED post (lines with a refPostId).
create table bff.sales_days (
  day date not null,
  payment_method text not null,
  orders int not null,
  revenue_paise bigint not null,
  fitfeed_revenue_paise bigint not null,
  primary key (day, payment_method)
);

-- Units and line value per product over all time; the title and picture of the newest line stand in for a
-- product the catalogue no longer lists.
create table bff.product_sales (
  product_id text primary key,
  title text not null,
  image_url text,
  units int not null,
  revenue_paise bigint not null
);
-- Ties are broken by id in byte order (collate "C"), the same whatever the database's locale.
create index product_sales_best_idx on bff.product_sales (units desc, revenue_paise desc, product_id collate "C") where units > 0;

-- Units and line value per product and India day.
create table bff.product_sales_days (
  product_id text not null,
  day date not null,
  units int not null,
  revenue_paise bigint not null,
  primary key (product_id, day)
);

-- The admin orders list: newest first, all of them or one status.
create index orders_newest_idx on bff.orders (created_at desc, id collate "C" desc);
create index orders_status_newest_idx on bff.orders (status, created_at desc, id collate "C" desc);

-- Adds (p_sign 1) or takes out (p_sign -1) one order's contribution. Rows are touched in a fixed order
-- (day, then products by id), so two orders being recorded at once never wait on each other in a cycle.
create function bff.apply_order_sales(p_order bff.orders, p_sign int)
returns void
language plpgsql
as $$
declare
  v_day date := (p_order.created_at at time zone 'Asia/Kolkata')::date;
begin
  if p_order.status = 'CANCELLED' or p_order.is_test then
    return;
  end if;

  insert into bff.sales_days as s (day, payment_method, orders, revenue_paise, fitfeed_revenue_paise)
  select v_day, p_order.payment_method, p_sign, p_sign * p_order.total_paise::bigint,
         p_sign * coalesce(sum((line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint)
                             filter (where coalesce(line ->> 'refPostId', '') <> ''), 0)
    from jsonb_array_elements(p_order.items) line
  on conflict (day, payment_method) do update
    set orders = s.orders + excluded.orders,
        revenue_paise = s.revenue_paise + excluded.revenue_paise,
        fitfeed_revenue_paise = s.fitfeed_revenue_paise + excluded.fitfeed_revenue_paise;

  insert into bff.product_sales as s (product_id, title, image_url, units, revenue_paise)
  select line ->> 'productId', min(line ->> 'title'), min(line ->> 'imageUrl'),
         p_sign * sum((line ->> 'quantity')::int), p_sign * sum((line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint)
    from jsonb_array_elements(p_order.items) line
   group by line ->> 'productId'
   order by line ->> 'productId'
  on conflict (product_id) do update
    set units = s.units + excluded.units,
        revenue_paise = s.revenue_paise + excluded.revenue_paise,
        title = case when p_sign > 0 then excluded.title else s.title end,
        image_url = case when p_sign > 0 then coalesce(excluded.image_url, s.image_url) else s.image_url end;

  insert into bff.product_sales_days as s (product_id, day, units, revenue_paise)
  select line ->> 'productId', v_day, p_sign * sum((line ->> 'quantity')::int), p_sign * sum((line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint)
    from jsonb_array_elements(p_order.items) line
   group by line ->> 'productId'
   order by line ->> 'productId'
  on conflict (product_id, day) do update
    set units = s.units + excluded.units,
        revenue_paise = s.revenue_paise + excluded.revenue_paise;

  if p_sign < 0 then
    delete from bff.sales_days where day = v_day and payment_method = p_order.payment_method and orders = 0;
    delete from bff.product_sales_days
     where day = v_day and units = 0 and revenue_paise = 0
       and product_id in (select line ->> 'productId' from jsonb_array_elements(p_order.items) line);
  end if;
end
$$;

create function bff.orders_sales_changed()
returns trigger
language plpgsql
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform bff.apply_order_sales(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform bff.apply_order_sales(new, 1);
  end if;
  return null;
end
$$;

-- Deferred to the commit: the shared rows are locked only for the commit's moment, after every other lock
-- the placing or cancelling transaction takes (wallets), never in between. Status moves along the
-- shipment (PLACED → … → DELIVERED) change nothing here and do not fire it.
create constraint trigger orders_sales_insert after insert on bff.orders
  deferrable initially deferred for each row execute function bff.orders_sales_changed();
create constraint trigger orders_sales_delete after delete on bff.orders
  deferrable initially deferred for each row execute function bff.orders_sales_changed();
create constraint trigger orders_sales_update after update on bff.orders
  deferrable initially deferred for each row
  when ((old.status = 'CANCELLED') is distinct from (new.status = 'CANCELLED')
        or old.is_test is distinct from new.is_test
        or old.created_at is distinct from new.created_at
        or old.payment_method is distinct from new.payment_method
        or old.total_paise is distinct from new.total_paise
        or old.items is distinct from new.items)
  execute function bff.orders_sales_changed();

-- Recomputes every figure from the orders in one set-based pass: the backfill below, and a bench seed
-- that writes its orders with triggers off.
create function bff.rebuild_order_sales()
returns void
language plpgsql
as $$
begin
  delete from bff.sales_days;
  delete from bff.product_sales;
  delete from bff.product_sales_days;

  insert into bff.sales_days (day, payment_method, orders, revenue_paise, fitfeed_revenue_paise)
  select (o.created_at at time zone 'Asia/Kolkata')::date, o.payment_method, count(*), sum(o.total_paise), coalesce(sum(f.value), 0)
    from bff.orders o
    left join lateral (
      select sum((line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint) as value
        from jsonb_array_elements(o.items) line where coalesce(line ->> 'refPostId', '') <> '') f on true
   where o.status <> 'CANCELLED' and not o.is_test
   group by 1, 2;

  with lines as (
    select line ->> 'productId' as product_id, o.created_at, o.id as order_id, line ->> 'title' as title, line ->> 'imageUrl' as image_url,
           (line ->> 'quantity')::int as units, (line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint as revenue
      from bff.orders o cross join lateral jsonb_array_elements(o.items) line
     where o.status <> 'CANCELLED' and not o.is_test)
  insert into bff.product_sales (product_id, title, image_url, units, revenue_paise)
  select product_id, (array_agg(title order by created_at desc, order_id desc))[1], (array_agg(image_url order by created_at desc, order_id desc))[1],
         sum(units), sum(revenue)
    from lines group by product_id;

  insert into bff.product_sales_days (product_id, day, units, revenue_paise)
  select line ->> 'productId', (o.created_at at time zone 'Asia/Kolkata')::date,
         sum((line ->> 'quantity')::int), sum((line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint)
    from bff.orders o cross join lateral jsonb_array_elements(o.items) line
   where o.status <> 'CANCELLED' and not o.is_test
   group by 1, 2;
end
$$;

select bff.rebuild_order_sales();

-- Each size's stock as the catalogue read model last saw it, one row per variant, so the low-stock list
-- is an index range read rather than a parse of every product's document. Written by the trigger below
-- whenever the read model writes a product's document; gone with the product.
create table bff.catalog_variant_stock (
  product_id text not null references bff.catalog_products (id) on delete cascade,
  variant_id text not null,
  size text not null,
  stock int not null,
  primary key (product_id, variant_id)
);
create index catalog_variant_stock_low_idx on bff.catalog_variant_stock (stock, product_id collate "C", size collate "C");

create function bff.catalog_document_stock_changed()
returns trigger
language plpgsql
as $$
begin
  delete from bff.catalog_variant_stock where product_id = new.id;
  insert into bff.catalog_variant_stock (product_id, variant_id, size, stock)
  select new.id, variant ->> 'id', variant ->> 'size', coalesce((variant ->> 'stockOnHand')::int, 0)
    from json_array_elements(new.document -> 'variants') variant
   where variant ->> 'id' is not null
  on conflict do nothing;
  return null;
end
$$;

create trigger catalog_documents_stock after insert or update of document on bff.catalog_documents
  for each row execute function bff.catalog_document_stock_changed();

insert into bff.catalog_variant_stock (product_id, variant_id, size, stock)
select d.id, variant ->> 'id', variant ->> 'size', coalesce((variant ->> 'stockOnHand')::int, 0)
  from bff.catalog_documents d cross join lateral json_array_elements(d.document -> 'variants') variant
 where variant ->> 'id' is not null
on conflict do nothing;
