-- The picture that stands for a product beside its title in the narrow table, so a page of FITFEED posts
-- names each post's product without parsing the product's listing document (about half a feed read's time).
alter table bff.catalog_products add column image_url text;
update bff.catalog_products c set image_url = d.listing ->> 'imageUrl' from bff.catalog_documents d where d.id = c.id;
