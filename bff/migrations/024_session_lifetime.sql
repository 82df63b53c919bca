-- Sessions end: a session family lives at most 60 days from sign-in, however often it is refreshed
-- (issue 18, item 7). Refresh tokens are never issued past it, and the access token check refuses a
-- family once it has ended. Existing families end 60 days after they began.
alter table bff.session_families add column ends_at timestamptz;
update bff.session_families set ends_at = created_at + interval '60 days';
alter table bff.session_families alter column ends_at set default now() + interval '60 days';
alter table bff.session_families alter column ends_at set not null;
