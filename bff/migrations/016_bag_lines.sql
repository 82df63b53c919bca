-- The bag wholly in the BFF (ARCHITECTURE: the bag is the shopper's, Medusa's cart is the order's):
-- sized lines join the lines without a size, and Medusa gets a cart only when the shopper checks out.
alter table bff.sizeless_bag_lines rename to bag_lines;
alter table bff.bag_lines rename constraint sizeless_bag_lines_pkey to bag_lines_pkey;
alter table bff.bag_lines rename constraint sizeless_bag_lines_user_id_fkey to bag_lines_user_id_fkey;
alter table bff.bag_lines rename constraint sizeless_bag_lines_quantity_check to bag_lines_quantity_check;
alter table bff.bag_lines rename constraint sizeless_bag_lines_ref_post_id_check to bag_lines_ref_post_id_check;
alter table bff.bag_lines add column variant_id text;
alter table bff.bag_lines drop constraint sizeless_bag_lines_user_id_product_id_key;
create unique index bag_lines_sizeless_key on bff.bag_lines (user_id, product_id) where variant_id is null;
create unique index bag_lines_sized_key on bff.bag_lines (user_id, variant_id) where variant_id is not null;

-- Sized lines still in a shopper's open Medusa cart move here (Medusa's tables share this database once
-- its migrations have run; on a new database there is nothing to move).
do $$
begin
  if to_regclass('public.cart_line_item') is not null then
    insert into bff.bag_lines (user_id, product_id, variant_id, quantity, ref_post_id, created_at)
    select c.user_id, li.product_id, li.variant_id, least(li.quantity, 10)::int,
           case when li.metadata->>'refPostId' ~ '^[0-9]{1,18}$' then li.metadata->>'refPostId' end,
           li.created_at
      from bff.carts c
      join public.cart mc on mc.id = c.medusa_cart_id and mc.completed_at is null and mc.deleted_at is null
      join public.cart_line_item li on li.cart_id = mc.id and li.deleted_at is null
     where li.variant_id is not null and li.product_id is not null and li.quantity >= 1
    on conflict do nothing;
  end if;
end
$$;

drop table bff.carts;
