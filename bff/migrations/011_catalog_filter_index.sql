-- Every filter column (the browse path first, as the shop narrows) and every sort column in one index:
-- any combination of the spec's filters counts and sorts its matches from the index alone (an
-- index-only scan of one gender's entries) instead of reading the table. Measured on the bench's 5,000
-- products: the count of a three-filter combination without a tailored index 2.4× as fast, the whole
-- listing query 1.4× (pgbench); the bench's six-listing rotation through the BFF 5–10% more requests a
-- second, where PostgreSQL shares two cores with the BFF and the client. It starts with the columns of
-- the browse index, which it replaces.
create index catalog_products_filters_idx on bff.catalog_products
  (gender, category_type, subcategory, style_group, fabric, color_name, genre, collar_style, sleeve_type, season_fit, base_price)
  include (id, created_at, units_sold_30d, in_stock);
drop index bff.catalog_products_browse_idx;
