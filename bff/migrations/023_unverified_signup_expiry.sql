-- Unverified sign-ups expire after 24 hours (features/auth/unverified-signups.ts): each new sign-up queues
-- its own delayed removal. Sign-ups made before this release get theirs here, due 24 hours after they began.
insert into bff.jobs (kind, key, payload, run_at)
select 'auth.expire-signup', id::text, jsonb_build_object('userId', id), created_at + interval '24 hours'
  from bff.users
 where email_verified_at is null
on conflict (kind, key) do nothing;
