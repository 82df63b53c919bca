-- Issue 42: GST as the law has it since 22 September 2025, credit notes for what was refunded, the buyer's GSTIN.

-- A credit note per return refunded and one for an order's ending, each for its own cause: the sale ('sale', the
-- invoice), the ending ('ending') or a return ('return:<id>'). Documents issued before keep one of each kind per order.
alter table bff.tax_documents add column cause text;
update bff.tax_documents set cause = case kind when 'invoice' then 'sale' else 'ending' end;
alter table bff.tax_documents alter column cause set not null;
alter table bff.tax_documents drop constraint tax_documents_order_id_kind_key;
alter table bff.tax_documents add constraint tax_documents_order_cause_key unique (order_id, kind, cause);
create index tax_documents_order on bff.tax_documents (order_id, issued_at);

-- The buyer's GSTIN when the shopper gave one at checkout (a business purchase), printed on its invoice.
alter table bff.checkouts add column buyer_gstin text check (buyer_gstin ~ '^[0-9]{2}[A-Z0-9]{13}$');

-- 12% is no apparel rate any more: products that carried it follow the rule (5% up to ₹2,500 a piece, 18% above).
-- Medusa keeps the product's metadata (in this database when it has been migrated); the catalogue's documents are
-- its projection; an order not invoiced yet still holds the rate frozen at checkout.
do $$
begin
  if to_regclass('public.product') is not null then
    update public.product set metadata = jsonb_set(metadata::jsonb, '{gstPercent}', 'null'::jsonb), updated_at = now()
     where metadata::jsonb ->> 'gstPercent' = '12';
  end if;
end $$;
update bff.catalog_documents set document = jsonb_set(document::jsonb, '{gstPercent}', 'null'::jsonb)::json
 where document::jsonb ->> 'gstPercent' = '12';
update bff.orders o
   set items = (select jsonb_agg(case when line ->> 'gstPercent' = '12' then jsonb_set(line, '{gstPercent}', 'null'::jsonb) else line end
                                 order by position)
                  from jsonb_array_elements(o.items) with ordinality as each (line, position))
 where exists (select 1 from jsonb_array_elements(o.items) as line where line ->> 'gstPercent' = '12')
   and not exists (select 1 from bff.tax_documents d where d.order_id = o.id and d.kind = 'invoice');
