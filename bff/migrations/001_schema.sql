-- The BFF's own schema: everything Medusa does not own (identity extras, feed, ledger, …) lives here.
create schema if not exists bff;
comment on schema bff is 'Owned by the BFF; Medusa owns the public schema';
