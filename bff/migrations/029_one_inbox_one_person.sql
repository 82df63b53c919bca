-- FITFEED abuse (issue 25, items 6 and 7).
-- One inbox is one person: `inbox` is the address with plus addressing dropped and, on Gmail, dots ignored
-- (users/rules.ts inboxOf writes it; this backfill applies the same rule once). One account per inbox: where
-- variants of one inbox already hold accounts, the oldest keeps the inbox and the others stay as they are.
alter table bff.users add column inbox text;
with canonical as (
  select id, created_at,
         case when split_part(email, '@', 2) in ('gmail.com', 'googlemail.com')
              then replace(split_part(split_part(email, '@', 1), '+', 1), '.', '') || '@gmail.com'
              else split_part(split_part(email, '@', 1), '+', 1) || '@' || split_part(email, '@', 2) end as inbox
    from bff.users
), first_holder as (
  select distinct on (inbox) id, inbox from canonical where inbox not like '@%' order by inbox, created_at, id
)
update bff.users u set inbox = f.inbox from first_holder f where u.id = f.id;
create unique index users_inbox_key on bff.users (inbox);

-- Reports: only accounts with a paid or delivered order, or older than 7 days, count toward hiding a post
-- (`counts`, decided when the report is made); a post staff restored keeps its reports as cleared, so the same
-- people can't report it into hiding again.
alter table bff.fitfeed_reports add column counts boolean not null default true;
alter table bff.fitfeed_reports add column cleared_at timestamptz;
