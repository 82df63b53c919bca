-- Jobs have a life cycle (issue 27): a job that used up its attempts or passed its deadline is failed, kept with
-- its last error and never claimed again, until staff retry it or its work is queued again. Done jobs are pruned
-- after 7 days; schedules (pruning, the payment reconciler, trending, the catalogue rebuild) run once per round
-- across replicas.
alter table bff.jobs add column failed_at timestamptz;
alter table bff.jobs add constraint jobs_done_or_failed check (done_at is null or failed_at is null);

-- When the job was last queued (first, again after it finished, or by a staff retry): its deadline counts from here.
alter table bff.jobs add column queued_at timestamptz;
update bff.jobs set queued_at = created_at;
alter table bff.jobs alter column queued_at set default now();
alter table bff.jobs alter column queued_at set not null;

drop index bff.jobs_due_idx;
create index jobs_due_idx on bff.jobs (run_at) where done_at is null and failed_at is null;
-- Staff's list of failed jobs, newest failure first.
create index jobs_failed_idx on bff.jobs (failed_at desc, id desc) where failed_at is not null;
-- Pruning finds done jobs by age.
create index jobs_done_idx on bff.jobs (done_at) where done_at is not null;

-- Pruning finds ended sessions, expired refresh tokens, codes and used reset tokens by age.
create index session_families_ended_idx on bff.session_families (least(coalesce(revoked_at, ends_at), ends_at));
create index refresh_tokens_expires_idx on bff.refresh_tokens (expires_at);
create index email_verifications_expires_idx on bff.email_verifications (expires_at);
create index used_reset_tokens_expires_idx on bff.used_reset_tokens (expires_at);

-- One row per schedule: when its last counted round started. A replica runs a round only while holding the
-- schedule's advisory lock and only when the last round is old enough (lib/schedules.ts).
create table bff.schedule_rounds (
  name text primary key,
  started_at timestamptz not null
);
