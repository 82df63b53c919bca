-- Issue 41, item 5: each sign-up of an address not yet verified keeps the name and handle it gave, and its codes
-- are its own: the account takes the name and handle of the sign-up whose code is entered (features/auth/
-- unverified-signups.ts). A sign-up's handle is held against every other account until the address is verified.
create table bff.signups (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references bff.users (id) on delete cascade,
  name text not null,
  handle text not null,
  created_at timestamptz not null default now()
);
create unique index signups_handle_key on bff.signups (handle);
create index signups_user_idx on bff.signups (user_id, created_at);

-- Unverified accounts made before this release: their one sign-up is the row itself.
insert into bff.signups (user_id, name, handle, created_at)
select id, name, handle, created_at from bff.users where email_verified_at is null;

-- One live code per sign-up instead of one per account: a second sign-up no longer replaces the first's code.
alter table bff.email_verifications add column signup_id uuid references bff.signups (id) on delete cascade;
update bff.email_verifications v set signup_id = s.id from bff.signups s where s.user_id = v.user_id;
delete from bff.email_verifications where signup_id is null;
alter table bff.email_verifications drop constraint email_verifications_pkey;
alter table bff.email_verifications alter column signup_id set not null;
alter table bff.email_verifications add primary key (signup_id);
create index email_verifications_user_idx on bff.email_verifications (user_id);
