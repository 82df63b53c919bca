-- Issue 27: every change Medusa makes to an order reaches the BFF, whatever was down at the time.

-- An order whose every unit came back (Medusa's returns received) ends as RETURNED, as a cancelled one ends as CANCELLED.
alter table bff.orders drop constraint orders_status_check;
alter table bff.orders add constraint orders_status_check
  check (status in ('PLACED', 'PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RETURNED'));

-- A returned order is no sale, as a cancelled one is not: the sales figures' functions (migrations 021 and 026)
-- are rewritten in place to leave both out, each replacement checked to have happened.
do $$
declare
  v_function regprocedure;
  v_before text;
  v_after text;
begin
  foreach v_function in array array['bff.apply_order_sales(bff.orders, integer)'::regprocedure, 'bff.rebuild_order_sales()'::regprocedure] loop
    v_before := pg_get_functiondef(v_function);
    v_after := replace(replace(v_before,
      'p_order.status = ''CANCELLED''', 'p_order.status in (''CANCELLED'', ''RETURNED'')'),
      'o.status <> ''CANCELLED''', 'o.status not in (''CANCELLED'', ''RETURNED'')');
    if v_after = v_before then
      raise exception 'migration 031: % has no cancelled-order test to extend', v_function;
    end if;
    execute v_after;
  end loop;
end
$$;

drop trigger orders_sales_update on bff.orders;
create constraint trigger orders_sales_update after update on bff.orders
  deferrable initially deferred for each row
  when ((old.status in ('CANCELLED', 'RETURNED')) is distinct from (new.status in ('CANCELLED', 'RETURNED'))
        or old.is_test is distinct from new.is_test
        or old.created_at is distinct from new.created_at
        or old.payment_method is distinct from new.payment_method
        or old.total_paise is distinct from new.total_paise
        or old.items is distinct from new.items)
  execute function bff.orders_sales_changed();

-- How far the BFF has read a feed of changes kept elsewhere (Medusa's orders by their last change).
create table bff.sync_cursors (
  name text primary key,
  position timestamptz not null,
  updated_at timestamptz not null default now()
);
