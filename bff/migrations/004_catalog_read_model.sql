-- The catalogue read model: one row per product Medusa publishes to the storefront's sales channel,
-- with the spec's filter attributes as indexed columns and the presented Product as a document.
-- Medusa stays the source of truth; this table is rebuilt from it at any time.
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
  document jsonb not null,
  synced_at timestamptz not null default now()
);
create index catalog_products_browse_idx on bff.catalog_products (gender, category_type, subcategory, style_group);
create index catalog_products_price_idx on bff.catalog_products (base_price, id);
create index catalog_products_newest_idx on bff.catalog_products (created_at desc, id desc);
create index catalog_products_popular_idx on bff.catalog_products (units_sold_30d desc, created_at desc, id desc);
