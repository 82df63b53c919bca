-- Issue 47: `GET /api/drops` counts a drop's units not yet held by the rule the stock gate holds by, and the gate
-- refuses a person (every account of one inbox) past a drop's limit per shopper, checked under that person's lock.

-- The holds that still count against each size (migration 015): open, and either unplaced and unexpired (a payment
-- window, a cash-on-delivery checkout being placed) or placed after the catalogue last read the product from Medusa.
-- `p_except_user`'s own unplaced holds are left out: a checkout of theirs replaces them (null: everyone's count).
create function bff.counted_holds(p_variants text[], p_except_user uuid)
returns table (variant_id text, held int)
language sql
stable
as $$
  select h.variant_id, sum(h.quantity)::int
    from bff.stock_holds h join bff.catalog_products c on c.id = h.product_id
   where h.variant_id = any(p_variants) and h.released_at is null
     and not coalesce(h.user_id = p_except_user and h.placed_at is null, false)
     and ((h.placed_at is null and h.expires_at > now()) or (h.placed_at is not null and h.placed_at >= c.synced_at))
   group by h.variant_id
$$;

-- The units of a drop a person already has: their accounts' orders of it not cancelled, and their checkouts' unplaced
-- holds (a placement turns the one into the other in one transaction), except `p_except_user`'s own (the checkout
-- starting replaces them; their bag counts instead). An exchange's hold (under its return's id) is no new unit.
create function bff.drop_units_taken(p_product text, p_accounts uuid[], p_except_user uuid)
returns int
language sql
stable
as $$
  select (
    coalesce((select sum((line->>'quantity')::int)
                from bff.orders o cross join jsonb_array_elements(o.items) line
               where o.user_id = any(p_accounts) and o.status <> 'CANCELLED' and line->>'productId' = p_product), 0)
  + coalesce((select sum(h.quantity)
                from bff.stock_holds h
               where h.user_id = any(p_accounts) and h.user_id <> p_except_user and h.product_id = p_product
                 and h.released_at is null and h.placed_at is null and h.expires_at > now()
                 and not exists (select 1 from bff.returns r where r.id = h.checkout_id)), 0)
  )::int
$$;

-- The stock gate of migration 018, its holds counted by bff.counted_holds, and with `p_drop_limit`
-- ({"lock", "accounts", "limits": {productId: limit}}, checkout/prepare.ts) a drop's limit per person: the person's
-- lock is taken first, so two checkouts of one person (two tabs, two accounts of one inbox) count one after the other.
-- Answers {"dropLimit": {"productId", "limit"}} for a drop the checkout would take past its limit.
drop function bff.hold_stock(uuid, uuid, text, jsonb, timestamptz);
create function bff.hold_stock(p_checkout uuid, p_user uuid, p_mode text, p_lines jsonb, p_expires timestamptz, p_drop_limit jsonb default null)
returns jsonb
language plpgsql
as $$
declare
  v_variant text;
  v_stock jsonb;
  v_shortfalls jsonb;
  v_over jsonb;
begin
  -- Each size's stock as the read model has it, read before the locks (a refresh may change it at any
  -- moment anyway): the lock then covers only counting the holds and taking the units.
  select jsonb_object_agg(w.variant_id, coalesce((v->>'stockOnHand')::int, 0)) into v_stock
    from (select distinct line->>'variantId' as variant_id, line->>'productId' as product_id from jsonb_array_elements(p_lines) line) w
    left join bff.catalog_documents d on d.id = w.product_id
    left join lateral json_array_elements(d.document->'variants') v on v->>'id' = w.variant_id;

  if p_drop_limit is not null then
    perform pg_advisory_xact_lock(hashtextextended(p_drop_limit->>'lock', 0));
  end if;
  perform pg_advisory_xact_lock(hashtextextended('holds:' || p_user::text, 0));
  for v_variant in
    select distinct line->>'variantId' from jsonb_array_elements(p_lines) line order by 1
  loop
    perform pg_advisory_xact_lock(hashtextextended('stock:' || v_variant, 0));
  end loop;

  if exists (
    select 1 from bff.stock_holds
     where user_id = p_user and mode = 'cod' and released_at is null and placed_at is null and expires_at > now()
  ) then
    return jsonb_build_object('inFlight', true);
  end if;

  if p_drop_limit is not null then
    select jsonb_build_object('productId', l.key, 'limit', l.value::int) into v_over
      from jsonb_each_text(p_drop_limit->'limits') l
     where (select coalesce(sum((line->>'quantity')::int), 0) from jsonb_array_elements(p_lines) line where line->>'productId' = l.key)
         + bff.drop_units_taken(l.key, array(select jsonb_array_elements_text(p_drop_limit->'accounts')::uuid), p_user) > l.value::int
     order by l.key
     limit 1;
    if v_over is not null then
      return jsonb_build_object('dropLimit', v_over);
    end if;
  end if;

  -- The units each size has: the read model's stock less the holds that still count, leaving out this
  -- shopper's own unplaced holds (a payment they abandoned to start again), which this hold replaces.
  with wanted as (
    select line->>'variantId' as variant_id, line->>'productId' as product_id, sum((line->>'quantity')::int)::int as requested
      from jsonb_array_elements(p_lines) line group by 1, 2
  ), stock as (
    select w.variant_id, coalesce((v_stock->>w.variant_id)::int, 0) as stock from wanted w
  ), held as (
    select * from bff.counted_holds(array(select variant_id from wanted), p_user)
  )
  select jsonb_agg(jsonb_build_object('variant_id', w.variant_id, 'requested', w.requested,
                                      'available', greatest(0, coalesce(s.stock, 0) - coalesce(h.held, 0))))
    into v_shortfalls
    from wanted w
    left join stock s on s.variant_id = w.variant_id
    left join held h on h.variant_id = w.variant_id
   where coalesce(s.stock, 0) - coalesce(h.held, 0) < w.requested;
  if v_shortfalls is not null then
    return jsonb_build_object('shortfalls', v_shortfalls);
  end if;

  update bff.stock_holds set released_at = now() where user_id = p_user and released_at is null and placed_at is null;
  insert into bff.stock_holds (checkout_id, user_id, product_id, variant_id, quantity, expires_at, mode)
  select p_checkout, p_user, line->>'productId', line->>'variantId', sum((line->>'quantity')::int), p_expires, p_mode
    from jsonb_array_elements(p_lines) line
   group by line->>'productId', line->>'variantId';
  return jsonb_build_object('held', true);
end
$$;

-- `GET /api/drops` reads only the documents that carry a drop (json null reads as SQL null through ->>).
create index catalog_documents_drop_idx on bff.catalog_documents (id) where (document->>'drop') is not null;

