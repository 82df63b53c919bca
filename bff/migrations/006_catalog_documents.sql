-- The presented documents (~1.6 KB each, stored inline) made the filter table wide: a filtered
-- listing read a thousand pages to look at a few columns. Filters and sorts now scan a narrow table;
-- only the chosen page's documents are read, by id. The table is rebuilt (not altered) so its pages
-- really shrink.
alter table bff.catalog_products rename to catalog_products_wide;
alter index bff.catalog_products_pkey rename to catalog_products_wide_pkey;
drop index bff.catalog_products_browse_idx;
drop index bff.catalog_products_price_idx;
drop index bff.catalog_products_newest_idx;
drop index bff.catalog_products_popular_idx;

create table bff.catalog_products (
  id text primary key,
  handle text not null,
  title text not null,
  gender text not null,
  category_type text,
  subcategory text,
  style_group text,
  genre text,
  color_name text,
  fabric text,
  collar_style text,
  sleeve_type text,
  season_fit text,
  base_price integer not null,
  in_stock boolean not null,
  units_sold_30d integer not null default 0,
  created_at timestamptz not null,
  synced_at timestamptz not null default now()
);
insert into bff.catalog_products
  select id, handle, title, gender, category_type, subcategory, style_group, genre, color_name, fabric,
         collar_style, sleeve_type, season_fit, base_price, in_stock, units_sold_30d, created_at, synced_at
    from bff.catalog_products_wide;
create index catalog_products_browse_idx on bff.catalog_products (gender, category_type, subcategory, style_group);
create index catalog_products_price_idx on bff.catalog_products (base_price, id);
create index catalog_products_newest_idx on bff.catalog_products (created_at desc, id desc);
create index catalog_products_popular_idx on bff.catalog_products (units_sold_30d desc, created_at desc, id desc);

-- json, not jsonb: answers are the stored text sent as it is, never re-serialised by PostgreSQL.
create table bff.catalog_documents (
  id text primary key references bff.catalog_products (id) on delete cascade,
  document json not null
);
insert into bff.catalog_documents (id, document) select id, document::json from bff.catalog_products_wide;

drop table bff.catalog_products_wide;
