-- Listings send each variant with its size and stock only (ids, SKUs and the size guide's
-- measurements stay on the product page, which sends the whole document): about a third of the bytes.
alter table bff.catalog_documents add column listing json;
update bff.catalog_documents set listing = (
  document::jsonb || jsonb_build_object('variants', coalesce(
    (select jsonb_agg(jsonb_build_object('size', variant -> 'size', 'sizeSystem', variant -> 'sizeSystem',
                                         'stockOnHand', variant -> 'stockOnHand', 'inStock', variant -> 'inStock') order by position)
       from jsonb_array_elements(document::jsonb -> 'variants') with ordinality as v(variant, position)),
    '[]'::jsonb))
)::json;
alter table bff.catalog_documents alter column listing set not null;
