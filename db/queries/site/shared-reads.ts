/**
 * Reads that several loaders of one page need, made once per page: the active outlets (tens of
 * rows) and the searches as PostgreSQL parses them. A page makes one `sharedReads(db)` and hands
 * it to each loader; a loader called on its own makes its own. Each read is one round trip the
 * page no longer repeats: /buscar asked for the outlets four times and parsed its search twice.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { outletGroups } from "../../../lib/outlet-groups";
import type { Executor } from "../../client";
import { searchTerms, type SearchTerms } from "./attention-words";

/** An active outlet with all its groups, declared and derived (docs/outlet-groups.md). */
export interface ActiveOutlet {
  id: number;
  slug: string;
  name: string;
  groups: string[];
}

export interface SharedReads {
  /** Every active outlet, excluded ones too (the caller applies the policies), by slug. */
  activeOutlets(): Promise<ActiveOutlet[]>;
  /** `q` as the search reads it (attention-words.ts). */
  searchTerms(q: string): Promise<SearchTerms>;
}

async function loadActiveOutlets(db: Executor): Promise<ActiveOutlet[]> {
  const rows = await db.execute<{ id: number; slug: string; name: string; country: string; language: string; groups: string[] | null }>(
    sql`select id, slug, name, country, language, groups from outlets where active order by slug`,
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    groups: outletGroups({ country: r.country, language: r.language, groups: r.groups ?? [] }),
  }));
}

/** Reads made at most once each, for the loaders of one page. */
export function sharedReads(db: Executor): SharedReads {
  let outlets: Promise<ActiveOutlet[]> | undefined;
  const parsed = new Map<string, Promise<SearchTerms>>();
  return {
    activeOutlets: () => (outlets ??= loadActiveOutlets(db)),
    searchTerms(q) {
      let terms = parsed.get(q);
      if (terms === undefined) parsed.set(q, (terms = searchTerms(db, q)));
      return terms;
    },
  };
}
