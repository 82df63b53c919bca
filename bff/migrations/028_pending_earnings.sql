-- Referral earnings stay pending until the order that earned them can no longer be cancelled or returned:
-- `matures_at` is the order's delivery plus the return window ('infinity' while it is not delivered; null
-- on every other entry), and a pending earning that its order's cancellation or return drops gets
-- `dropped_at` instead of a reversal. The balance counts an entry only when it is not dropped and has no
-- maturity still to come, so coins nobody can spend yet can't be spent and then given back as a cancelled
-- order's refund.
alter table bff.dark_coin_entries add column matures_at timestamptz;
alter table bff.dark_coin_entries add column dropped_at timestamptz;
-- Coins returned to an account that first settle a shortfall it left (referral coins spent before their
-- order was cancelled): they are kept, not returned.
alter table bff.dark_coin_entries add column shortfall_settled int not null default 0 check (shortfall_settled >= 0);
alter table bff.dark_coin_entries drop constraint dark_coin_entries_coins_check;
alter table bff.dark_coin_entries add constraint dark_coin_entries_coins_check check (coins <> 0 or shortfall > 0 or shortfall_settled > 0);

-- When an order was delivered: its earnings mature a return window later.
alter table bff.orders add column delivered_at timestamptz;
update bff.orders set delivered_at = updated_at where status = 'DELIVERED';

-- A dropped earning leaves its post's earnings as its reversal would.
create function bff.fitfeed_post_earnings_dropped() returns trigger language plpgsql as $$
begin
  if new.post_id ~ '^\d{1,18}$' then
    update bff.fitfeed_posts set earnings_coins = earnings_coins - new.coins where id = new.post_id::bigint;
  end if;
  return null;
end $$;
create trigger dark_coin_entries_post_earnings_dropped after update of dropped_at on bff.dark_coin_entries
  for each row when (old.dropped_at is null and new.dropped_at is not null and new.post_id is not null)
  execute function bff.fitfeed_post_earnings_dropped();
