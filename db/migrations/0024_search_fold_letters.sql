-- Search folds ñ, ç and ü into n, c and u (SPEC WEB-1): readers type "penalver" for
-- "Peñalver" and "pinguino" for "pingüino", since the search form promises words with or
-- without their marks. search_fold (migration 0011) kept Ñ and Ç as letters of their own;
-- now capital and small ñ and ç lose their marks too, in headlines and queries alike.
-- The index expressions call search_fold, an immutable function whose result just changed,
-- so both indexes are built again: their stored words were folded the old way. Dropped and
-- created rather than REINDEXed: a session keeps an index's expressions with search_fold
-- inlined as it first read them, and REINDEX in a session that had read them (as the
-- migrating one may have) would fold the old way again; a new index is read afresh.
CREATE OR REPLACE FUNCTION "search_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate($1, 'ÁÉÍÓÚÑÜÀÈÌÒÙÂÊÎÔÛÏÇüàèìòùâêîôûïñç', 'áéíóúnuaeiouaeiouicuaeiouaeiouinc') $$;--> statement-breakpoint
DROP INDEX "headline_versions_search";--> statement-breakpoint
DROP INDEX "headline_versions_outlet_search";--> statement-breakpoint
CREATE INDEX "headline_versions_search" ON "headline_versions" USING gin (to_tsvector('spanish', search_fold("text")));--> statement-breakpoint
CREATE INDEX "headline_versions_outlet_search" ON "headline_versions" USING gin ("outlet_id",to_tsvector('spanish', search_fold("text")));
