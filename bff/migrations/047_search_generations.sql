-- Issue 46: search answers from an index each BFF process holds in memory (features/search/memory-engine.ts), built
-- from the read model. Two counters tell it what changed since it read: `words` when a product came, went, or changed
-- anything the index holds (its words, its shelf, its attributes); `figures` when only its price, stock, sizes or units
-- sold did (every order changes those: the index re-reads four numbers a product instead of rebuilding).
-- Bumped by statement triggers in the writer's transaction, so a reader that sees a new count sees the rows behind it;
-- the one row's lock orders concurrent writers, so counts become visible in the order they were taken.
create table bff.search_generations (
  only_row boolean primary key default true check (only_row),
  words bigint not null default 0,
  figures bigint not null default 0
);
insert into bff.search_generations default values;

create function bff.catalog_products_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if exists (
      select from changed_new n join changed_old o using (id)
       where (n.handle, n.title, n.gender, n.category_type, n.subcategory, n.style_group, n.genre, n.color_name, n.fabric,
              n.collar_style, n.sleeve_type, n.season_fit, n.created_at, n.image_url, n.search_main, n.search_more)
             is distinct from
             (o.handle, o.title, o.gender, o.category_type, o.subcategory, o.style_group, o.genre, o.color_name, o.fabric,
              o.collar_style, o.sleeve_type, o.season_fit, o.created_at, o.image_url, o.search_main, o.search_more)
    ) then
      update bff.search_generations set words = words + 1;
    elsif exists (
      select from changed_new n join changed_old o using (id)
       where (n.base_price, n.in_stock, n.units_sold_30d, n.size_mask) is distinct from (o.base_price, o.in_stock, o.units_sold_30d, o.size_mask)
    ) then
      update bff.search_generations set figures = figures + 1;
    end if;
  elsif tg_op = 'INSERT' then
    if exists (select from changed_new) then update bff.search_generations set words = words + 1; end if;
  elsif tg_op = 'DELETE' then
    if exists (select from changed_old) then update bff.search_generations set words = words + 1; end if;
  else
    update bff.search_generations set words = words + 1;
  end if;
  return null;
end $$;

create trigger catalog_products_inserted after insert on bff.catalog_products
  referencing new table as changed_new for each statement execute function bff.catalog_products_changed();
create trigger catalog_products_updated after update on bff.catalog_products
  referencing old table as changed_old new table as changed_new for each statement execute function bff.catalog_products_changed();
create trigger catalog_products_deleted after delete on bff.catalog_products
  referencing old table as changed_old for each statement execute function bff.catalog_products_changed();
create trigger catalog_products_truncated after truncate on bff.catalog_products
  for each statement execute function bff.catalog_products_changed();
