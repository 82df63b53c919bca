-- What the start command has done to this database (which Medusa migrations ran, when it seeded),
-- so a warm start can skip work whose inputs did not change.
create table bff.setup_state (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
