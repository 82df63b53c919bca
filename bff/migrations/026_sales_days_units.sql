-- The shop-wide daily series (GET /api/admin/analytics/series, issue 17) reads units per India day. They are
-- kept in bff.sales_days beside the orders and revenue already there, so the series stays an index range
-- read of at most two rows a day (summing bff.product_sales_days by day would read every product's days).
alter table bff.sales_days add column units bigint not null default 0;

-- As in migration 021, with the units bought (quantities summed over the lines) added to the day's row.
create or replace function bff.apply_order_sales(p_order bff.orders, p_sign int)
returns void
language plpgsql
as $$
declare
  v_day date := (p_order.created_at at time zone 'Asia/Kolkata')::date;
begin
  if p_order.status = 'CANCELLED' or p_order.is_test then
    return;
  end if;

  insert into bff.sales_days as s (day, payment_method, orders, units, revenue_paise, fitfeed_revenue_paise)
  select v_day, p_order.payment_method, p_sign, p_sign * coalesce(sum((line ->> 'quantity')::bigint), 0), p_sign * p_order.total_paise::bigint,
         p_sign * coalesce(sum((line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint)
                             filter (where coalesce(line ->> 'refPostId', '') <> ''), 0)
    from jsonb_array_elements(p_order.items) line
  on conflict (day, payment_method) do update
    set orders = s.orders + excluded.orders,
        units = s.units + excluded.units,
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

create or replace function bff.rebuild_order_sales()
returns void
language plpgsql
as $$
begin
  delete from bff.sales_days;
  delete from bff.product_sales;
  delete from bff.product_sales_days;

  insert into bff.sales_days (day, payment_method, orders, units, revenue_paise, fitfeed_revenue_paise)
  select (o.created_at at time zone 'Asia/Kolkata')::date, o.payment_method, count(*), coalesce(sum(f.units), 0), sum(o.total_paise), coalesce(sum(f.value), 0)
    from bff.orders o
    left join lateral (
      select sum((line ->> 'quantity')::bigint) as units,
             sum((line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint) filter (where coalesce(line ->> 'refPostId', '') <> '') as value
        from jsonb_array_elements(o.items) line) f on true
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

-- The units of the orders already kept, taken under the same lock the trigger's writes wait on.
lock table bff.orders in share row exclusive mode;
update bff.sales_days s
   set units = u.units
  from (select (o.created_at at time zone 'Asia/Kolkata')::date as day, o.payment_method, sum((line ->> 'quantity')::bigint) as units
          from bff.orders o cross join lateral jsonb_array_elements(o.items) line
         where o.status <> 'CANCELLED' and not o.is_test
         group by 1, 2) u
 where s.day = u.day and s.payment_method = u.payment_method;
