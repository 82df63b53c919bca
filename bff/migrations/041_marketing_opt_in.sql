-- Issue 42: marketing messages are a choice of their own at sign-up, off unless the person ticks it (DPDP Act 2023:
-- consent specific to its purpose, withdrawn as easily as given). Each sign-up keeps its choice beside its name and
-- handle, and the account takes the choice of the sign-up whose code is entered (features/auth/unverified-signups.ts);
-- the person changes it later in /account › Profile (PUT /api/users/me/marketing).
alter table bff.users add column marketing_opt_in boolean not null default false;
alter table bff.signups add column marketing_opt_in boolean not null default false;
