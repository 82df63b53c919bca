-- Identity the BFF owns beside Medusa's credentials: profiles with @handles, e-mail verification,
-- refresh-token sessions, used password-reset tokens, and the development outbox.
create table bff.users (
  id uuid primary key default gen_random_uuid(),
  medusa_customer_id text unique,
  email text not null,
  name text not null,
  handle text not null,
  avatar_url text,
  phone text,
  role text not null default 'customer' check (role in ('customer', 'admin')),
  email_verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_lowercase check (email = lower(email)),
  constraint users_handle_format check (handle ~ '^[a-z0-9][a-z0-9._-]{0,18}[a-z0-9]$')
);
create unique index users_email_key on bff.users (email);
create unique index users_handle_key on bff.users (handle);

create table bff.email_verifications (
  user_id uuid primary key references bff.users (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts int not null default 0,
  sent_at timestamptz not null default now()
);

-- One family per sign-in; every rotation adds a token to it. Reusing a rotated token revokes the family.
create table bff.session_families (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references bff.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  user_agent text,
  ip text
);
create index session_families_user_idx on bff.session_families (user_id) where revoked_at is null;

create table bff.refresh_tokens (
  token_hash text primary key,
  family_id uuid not null references bff.session_families (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz
);
create index refresh_tokens_family_idx on bff.refresh_tokens (family_id);

create table bff.used_reset_tokens (
  token_hash text primary key,
  user_id uuid references bff.users (id) on delete cascade,
  used_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create table bff.dev_outbox (
  id bigserial primary key,
  to_email text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now()
);
create index dev_outbox_to_idx on bff.dev_outbox (to_email, id desc);
