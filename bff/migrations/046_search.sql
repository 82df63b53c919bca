-- Issue 46: search answers from the catalogue's read model (features/search/). The catalogue writes each product's
-- words as two tsvectors, built in the BFF from contracts' searchWords (a word and the forms its plural may come from
-- at one position): search_main weighs the title A, category B, colour C, fabric D; search_more the genre A and the
-- description B. Ranking reads the weights (title first … description last).
alter table bff.catalog_products
  add column search_main tsvector not null default ''::tsvector,
  add column search_more tsvector not null default ''::tsvector,
  -- The sizes in stock as bits in contracts' SIZES order (XS = 1, S = 2, M = 4 …): search filters and counts them.
  add column size_mask integer not null default 0;

-- Until the next full sync rewrites them with every form, the rows already here are found by their own words.
update bff.catalog_products p
   set search_main = setweight(to_tsvector('simple', coalesce(d.document ->> 'title', '')), 'A')
         || setweight(to_tsvector('simple', concat_ws(' ', p.category_type, p.subcategory, p.style_group)), 'B')
         || setweight(to_tsvector('simple', coalesce(p.color_name, '')), 'C')
         || setweight(to_tsvector('simple', coalesce(p.fabric, '')), 'D'),
       search_more = setweight(to_tsvector('simple', coalesce(p.genre, '')), 'A')
         || setweight(to_tsvector('simple', coalesce(d.document ->> 'description', '')), 'B'),
       size_mask = coalesce((select sum(distinct 1 << (array_position(array['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'], size) - 1))
                               from json_array_elements_text(d.document -> 'availableSizes') as size
                              where size in ('XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL')), 0)
  from bff.catalog_documents d
 where d.id = p.id;

create index catalog_products_search_main_idx on bff.catalog_products using gin (search_main);
create index catalog_products_search_more_idx on bff.catalog_products using gin (search_more);

-- The words of the catalogue's titles (4 letters or more, with their plurals' forms), which a typo is corrected to and a
-- word typed is never corrected away from. Written by the catalogue's sync as products arrive; a word of a product
-- gone stays (a correction to it then finds nothing, and says so).
create table bff.search_words (word text primary key);
insert into bff.search_words (word)
select distinct word from bff.catalog_products, regexp_split_to_table(lower(title), '[^[:alpha:]]+') as word
 where char_length(word) >= 4
on conflict do nothing;

-- What shoppers searched for, per query as read (lower case, single spaces) and India's day: the console's top
-- queries and those that found nothing. Counted in each process and added here every few seconds.
create table bff.search_queries (
  query text not null check (char_length(query) between 1 and 200),
  day date not null,
  searches integer not null check (searches >= 0),
  no_results integer not null check (no_results between 0 and searches),
  last_at timestamptz not null,
  primary key (day, query)
);
