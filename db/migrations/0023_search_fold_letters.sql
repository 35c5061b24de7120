-- Search folds ñ, ç and ü into n, c and u (SPEC WEB-1): readers type "penalver" for
-- "Peñalver" and "pinguino" for "pingüino", since the search form promises words with or
-- without their marks. search_fold (migration 0011) kept Ñ and Ç as letters of their own;
-- now capital and small ñ and ç lose their marks too, in headlines and queries alike.
-- The index expressions call search_fold, an immutable function whose result just changed,
-- so both indexes are rebuilt: their stored words were folded the old way.
CREATE OR REPLACE FUNCTION "search_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate($1, 'ÁÉÍÓÚÑÜÀÈÌÒÙÂÊÎÔÛÏÇüàèìòùâêîôûïñç', 'áéíóúnuaeiouaeiouicuaeiouaeiouinc') $$;--> statement-breakpoint
REINDEX INDEX "headline_versions_search";--> statement-breakpoint
REINDEX INDEX "headline_versions_outlet_search";
