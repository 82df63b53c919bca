-- Whether a hold is a cash-on-delivery checkout being placed (seconds) or an online payment's window
-- (minutes): while a shopper's cash-on-delivery checkout is in flight, a second one (a double click,
-- another tab) is refused instead of becoming a second order.
alter table bff.stock_holds add column mode text not null default 'prepaid' check (mode in ('prepaid', 'cod'));
