-- Issue 47: a product may be a scheduled drop (`drop: {startsAt, limitPerShopper}`), read from Medusa's metadata by the
-- next catalogue sync; until then the stored documents get the key, no drop (null), so every product answer has the
-- contract's shape at once.
update bff.catalog_documents
   set document = (document::jsonb || jsonb_build_object('drop', null))::json
 where not (document::jsonb ? 'drop');
