-- Issue 42: a person deletes their account (DPDP Act 2023: erasure). The row stays, anonymised in place, so the orders,
-- returns, tax documents and Dark Coins entries that GST law and the books keep (72 months) still name an account and
-- staff still see them: the e-mail becomes a tombstone (deleted+<id>@invalid, which frees the address and its inbox for
-- a fresh sign-up), name, handle, avatar and phone are cleared, and `deleted_at` says when (features/account-data/).
alter table bff.users add column deleted_at timestamptz;
