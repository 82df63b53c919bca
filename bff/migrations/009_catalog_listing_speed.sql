-- The shop's commonest narrowing (a gender, a fabric, a price range, sorted by price) as one index:
-- the page is an index-only scan that stops after `limit` rows, and the exact total counts only the
-- matching index entries.
create index catalog_products_gender_fabric_price_idx on bff.catalog_products (gender, fabric, base_price, id);

-- Documents stored as they are sent: a listing reads 24 of them per request, and decompressing each
-- (pglz, about 2:1 on this JSON) cost a quarter of the query. A row (both documents, ~6 KB) now stays
-- inline and uncompressed up to a page; a larger one is still compressed as before.
alter table bff.catalog_documents set (toast_tuple_target = 8160);
update bff.catalog_documents set document = document::text::json, listing = listing::text::json;
