-- Issue 47: the shop prices and accepts a checkout itself; Medusa's cart is made by the placement job, after the
-- shopper has their answer. A checkout has no cart until then (and one cut before its acceptance never gets one).
alter table bff.checkouts alter column medusa_cart_id drop not null;
comment on column bff.checkouts.medusa_cart_id is
  'The Medusa cart the placement job made for the accepted order (null until then); checkouts before issue 47 made it at checkout.';
