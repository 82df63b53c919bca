-- Issue 47: accept, then place. The shop's order is committed when the stock gate's winner is accepted (its units held,
-- its coins spent, its payment verified or cash on delivery chosen); a durable job then places it in Medusa. The shop's
-- order keeps its own id (`ord_` and its checkout's id) and learns Medusa's once placed; every order before this one was
-- Medusa's own, so its two ids are the same.
alter table bff.orders add column medusa_order_id text unique;
update bff.orders set medusa_order_id = id;

-- A checkout's order is the shop's order (the same as Medusa's for the orders before).
alter table bff.checkouts rename column medusa_order_id to order_id;

-- The shop numbers its orders (#1042) at acceptance, on from the last number Medusa gave.
create sequence bff.order_numbers;
select setval('bff.order_numbers', coalesce((select max(display_id) from bff.orders), 0) + 1, false);

-- An accepted order's units count against their sizes until Medusa has placed it: its holds are marked placed at
-- 'infinity' (bff.counted_holds counts a hold placed at or after the catalogue's last read of the product), and at
-- Medusa's placement at that moment (then until the catalogue reads the product again, as before).
comment on column bff.stock_holds.placed_at is
  'When Medusa placed the order holding these units; infinity while the shop has accepted the order and Medusa has not placed it yet.';
