-- A product page carries its Legal Metrology declarations (country of origin, manufacturer/packer/importer). They
-- ride in the product document, read from Medusa's metadata by the next catalogue sync; until then the stored
-- documents get both keys, undeclared (null), so every product answer has the contract's shape at once.
update bff.catalog_documents
   set document = (document::jsonb || jsonb_build_object('countryOfOrigin', null, 'manufacturer', null))::json
 where not (document::jsonb ? 'countryOfOrigin');
