-- Issue 47: a drop's losers hear at once. The stock gate (migration 049) counted a size's units only under the size's
-- lock, so when a drop sold out every loser queued behind the winners for a lock only to read "none left". The count
-- is now also made before any lock is taken: a size with too few units not yet held refuses at once. That early count
-- can only be too high (holds being taken are not yet visible to it), never too low but for a unit being freed that
-- very moment (as if another shopper had taken it), so a checkout it lets through is counted again under the locks.

-- The lines of `p_lines` that `p_stock` ({variantId: units}, the read model's stock) less the holds that still count
-- cannot cover, leaving out `p_user`'s own unplaced holds (which their new hold replaces): null when every line is covered.
create function bff.stock_shortfalls(p_lines jsonb, p_stock jsonb, p_user uuid)
returns jsonb
language sql
stable
as $$
  with wanted as (
    select line->>'variantId' as variant_id, sum((line->>'quantity')::int)::int as requested
      from jsonb_array_elements(p_lines) line group by 1
  ), held as (
    select * from bff.counted_holds(array(select variant_id from wanted), p_user)
  )
  select jsonb_agg(jsonb_build_object('variant_id', w.variant_id, 'requested', w.requested,
                                      'available', greatest(0, coalesce((p_stock->>w.variant_id)::int, 0) - coalesce(h.held, 0))))
    from wanted w
    left join held h on h.variant_id = w.variant_id
   where coalesce((p_stock->>w.variant_id)::int, 0) - coalesce(h.held, 0) < w.requested
$$;

create or replace function bff.hold_stock(p_checkout uuid, p_user uuid, p_mode text, p_lines jsonb, p_expires timestamptz, p_drop_limit jsonb default null)
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

  -- A size already without the units is refused before any lock: the queue for the lock is the winners'.
  v_shortfalls := bff.stock_shortfalls(p_lines, v_stock, p_user);
  if v_shortfalls is not null then
    return jsonb_build_object('shortfalls', v_shortfalls);
  end if;

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

  -- Counted again under the locks: only now are the holds taken before this one all visible.
  v_shortfalls := bff.stock_shortfalls(p_lines, v_stock, p_user);
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
