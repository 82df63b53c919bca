-- Issue 29: what came back counts out of the console's sales figures (migration 021's trigger), so they stay equal to a
-- direct computation from the orders. A line counts its units less those returned (bff.orders.returned_lines, migration
-- 033, written when a return is received at the warehouse) and its value (quantity × unit price) less theirs; an order
-- still counts as one order, its revenue being its total less what was paid for the units that came back. An order
-- returned whole (RETURNED) or cancelled counts nowhere, as migration 031 made it; it is said here outright rather than
-- left to that migration's rewrite.

-- An order's lines as the figures count them: units bought less those returned (found by the line's lineId; a line
-- bought before line ids were kept has none, and nothing returned), with what the value needs. This and the revenue
-- below are the one definition the trigger and the rebuild share, so the two cannot count a return differently.
create function bff.order_sales_lines(p_order bff.orders)
returns table (product_id text, title text, image_url text, units int, unit_price bigint, from_post boolean)
language sql
immutable
as $$
  select line ->> 'productId', line ->> 'title', line ->> 'imageUrl',
         (line ->> 'quantity')::int - coalesce((p_order.returned_lines -> (line ->> 'lineId') ->> 'quantity')::int, 0),
         (line ->> 'unitPrice')::bigint, coalesce(line ->> 'refPostId', '') <> ''
    from jsonb_array_elements(p_order.items) line
$$;

-- What the order charged less what was paid for the units that came back (each returned line's paid share, after the
-- Dark Coins discount).
create function bff.order_sales_revenue(p_order bff.orders)
returns bigint
language sql
immutable
as $$
  select p_order.total_paise::bigint - coalesce(sum((back.value ->> 'paid')::bigint), 0) from jsonb_each(p_order.returned_lines) back
$$;

-- As in migration 026, with each line's units and value net of what came back, and the order's revenue net of what
-- those units paid. A product whose every unit on the order came back adds no empty row to its day.
create or replace function bff.apply_order_sales(p_order bff.orders, p_sign int)
returns void
language plpgsql
as $$
declare
  v_day date := (p_order.created_at at time zone 'Asia/Kolkata')::date;
begin
  if p_order.status in ('CANCELLED', 'RETURNED') or p_order.is_test then
    return;
  end if;

  insert into bff.sales_days as s (day, payment_method, orders, units, revenue_paise, fitfeed_revenue_paise)
  select v_day, p_order.payment_method, p_sign, p_sign * coalesce(sum(l.units), 0),
         p_sign * bff.order_sales_revenue(p_order),
         p_sign * coalesce(sum(l.units * l.unit_price) filter (where l.from_post), 0)
    from bff.order_sales_lines(p_order) l
  on conflict (day, payment_method) do update
    set orders = s.orders + excluded.orders,
        units = s.units + excluded.units,
        revenue_paise = s.revenue_paise + excluded.revenue_paise,
        fitfeed_revenue_paise = s.fitfeed_revenue_paise + excluded.fitfeed_revenue_paise;

  insert into bff.product_sales as s (product_id, title, image_url, units, revenue_paise)
  select l.product_id, min(l.title), min(l.image_url), p_sign * sum(l.units), p_sign * sum(l.units * l.unit_price)
    from bff.order_sales_lines(p_order) l
   group by l.product_id
   order by l.product_id
  on conflict (product_id) do update
    set units = s.units + excluded.units,
        revenue_paise = s.revenue_paise + excluded.revenue_paise,
        title = case when p_sign > 0 then excluded.title else s.title end,
        image_url = case when p_sign > 0 then coalesce(excluded.image_url, s.image_url) else s.image_url end;

  insert into bff.product_sales_days as s (product_id, day, units, revenue_paise)
  select l.product_id, v_day, p_sign * sum(l.units), p_sign * sum(l.units * l.unit_price)
    from bff.order_sales_lines(p_order) l
   group by l.product_id
  having sum(l.units) <> 0 or sum(l.units * l.unit_price) <> 0
   order by l.product_id
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

-- As in migration 031, firing also when a return's units are recorded on the order.
drop trigger orders_sales_update on bff.orders;
create constraint trigger orders_sales_update after update on bff.orders
  deferrable initially deferred for each row
  when ((old.status in ('CANCELLED', 'RETURNED')) is distinct from (new.status in ('CANCELLED', 'RETURNED'))
        or old.is_test is distinct from new.is_test
        or old.created_at is distinct from new.created_at
        or old.payment_method is distinct from new.payment_method
        or old.total_paise is distinct from new.total_paise
        or old.items is distinct from new.items
        or old.returned_lines is distinct from new.returned_lines)
  execute function bff.orders_sales_changed();

-- As in migration 026 (with 031's RETURNED), counting each line and order net of its returns as the trigger does.
create or replace function bff.rebuild_order_sales()
returns void
language plpgsql
as $$
begin
  delete from bff.sales_days;
  delete from bff.product_sales;
  delete from bff.product_sales_days;

  insert into bff.sales_days (day, payment_method, orders, units, revenue_paise, fitfeed_revenue_paise)
  select (o.created_at at time zone 'Asia/Kolkata')::date, o.payment_method, count(*), coalesce(sum(f.units), 0),
         sum(bff.order_sales_revenue(o)), coalesce(sum(f.value), 0)
    from bff.orders o
    left join lateral (
      select sum(l.units) as units, sum(l.units * l.unit_price) filter (where l.from_post) as value
        from bff.order_sales_lines(o) l) f on true
   where o.status not in ('CANCELLED', 'RETURNED') and not o.is_test
   group by 1, 2;

  with lines as (
    select l.product_id, o.created_at, o.id as order_id, l.title, l.image_url, l.units, l.units * l.unit_price as revenue
      from bff.orders o cross join lateral bff.order_sales_lines(o) l
     where o.status not in ('CANCELLED', 'RETURNED') and not o.is_test)
  insert into bff.product_sales (product_id, title, image_url, units, revenue_paise)
  select product_id, (array_agg(title order by created_at desc, order_id desc))[1], (array_agg(image_url order by created_at desc, order_id desc))[1],
         sum(units), sum(revenue)
    from lines group by product_id;

  insert into bff.product_sales_days (product_id, day, units, revenue_paise)
  select l.product_id, (o.created_at at time zone 'Asia/Kolkata')::date, sum(l.units), sum(l.units * l.unit_price)
    from bff.orders o cross join lateral bff.order_sales_lines(o) l
   where o.status not in ('CANCELLED', 'RETURNED') and not o.is_test
   group by 1, 2
  having sum(l.units) <> 0 or sum(l.units * l.unit_price) <> 0;
end
$$;

-- The figures of the orders already kept, recounted under the same lock the trigger's writes wait on (as in migration 026).
lock table bff.orders in share row exclusive mode;
select bff.rebuild_order_sales();
