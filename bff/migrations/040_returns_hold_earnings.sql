-- Issue 41: what a return asked holds, and what a pickup left waiting tells staff.

-- A referral earning on a line a return asks back is held by that return: it neither counts nor matures until the
-- return ends (dropped when the parcel reaches the warehouse, let go when the pickup is cancelled), so an earning
-- can't mature and be spent in the days between the last day to ask and the warehouse's scan.
alter table bff.dark_coin_entries add column held_by_return uuid references bff.returns (id);
create index dark_coin_entries_held_idx on bff.dark_coin_entries (held_by_return) where held_by_return is not null;

-- A pickup still waiting this long after it was asked for is told to staff once (returns/stuck-pickups.ts).
alter table bff.returns add column stuck_at timestamptz;
