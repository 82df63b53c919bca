-- Listings send what a card shows and the attributes the shop filters on (ListedProduct); variants,
-- SKUs, handles and the rest come with the product page. The next catalogue sync writes the same
-- documents from the BFF's code; this brings the stored ones into shape at once.
update bff.catalog_documents set listing = (
  (select jsonb_object_agg(key, value) from jsonb_each(document::jsonb)
    where key in ('id', 'title', 'basePrice', 'mrp', 'imageUrl', 'gender', 'categoryType', 'subcategory', 'styleGroup', 'genre',
                  'colorName', 'colorHex', 'fabric', 'collarStyle', 'sleeveType', 'seasonFit', 'availableSizes', 'sizes', 'createdAt'))
  || jsonb_build_object('images', coalesce(
       (select jsonb_agg(image) from (
          select image from jsonb_array_elements(document::jsonb -> 'images') with ordinality as i(image, position)
           order by coalesce((image ->> 'isPrimary')::boolean, false) desc, position limit 1) primary_image),
       '[]'::jsonb))
)::json;
