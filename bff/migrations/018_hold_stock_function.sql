-- A checkout's hold in one statement (checkout/stock-holds.ts): a drop's checkouts queue on each size's
-- lock, and the lock is held for counting the holds and taking the units alone, not for a client's round
-- trips between statements. Answers {"held": true}, {"inFlight": true} (the shopper's cash-on-delivery checkout is being
-- placed) or {"shortfalls": [{variant_id, requested, available}]}; nothing changes unless it held.
create function bff.hold_stock(p_checkout uuid, p_user uuid, p_mode text, p_lines jsonb, p_expires timestamptz)
returns jsonb
language plpgsql
as $$
declare
  v_variant text;
  v_stock jsonb;
  v_shortfalls jsonb;
begin
  -- Each size's stock as the read model has it, read before the locks (a refresh may change it at any
  -- moment anyway): the lock then covers only counting the holds and taking the units.
  select jsonb_object_agg(w.variant_id, coalesce((v->>'stockOnHand')::int, 0)) into v_stock
    from (select distinct line->>'variantId' as variant_id, line->>'productId' as product_id from jsonb_array_elements(p_lines) line) w
    left join bff.catalog_documents d on d.id = w.product_id
    left join lateral json_array_elements(d.document->'variants') v on v->>'id' = w.variant_id;

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

  -- The units each size has: the read model's stock less the holds that still count, leaving out this
  -- shopper's own unplaced holds (a payment they abandoned to start again), which this hold replaces.
  with wanted as (
    select line->>'variantId' as variant_id, line->>'productId' as product_id, sum((line->>'quantity')::int)::int as requested
      from jsonb_array_elements(p_lines) line group by 1, 2
  ), stock as (
    select w.variant_id, coalesce((v_stock->>w.variant_id)::int, 0) as stock from wanted w
  ), held as (
    select h.variant_id, sum(h.quantity)::int as held
      from bff.stock_holds h join bff.catalog_products c on c.id = h.product_id
     where h.variant_id in (select variant_id from wanted) and h.released_at is null
       and not (h.user_id = p_user and h.placed_at is null)
       and ((h.placed_at is null and h.expires_at > now()) or (h.placed_at is not null and h.placed_at >= c.synced_at))
     group by h.variant_id
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
