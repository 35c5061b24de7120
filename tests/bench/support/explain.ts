/** EXPLAIN ANALYZE of a statement the worker ran, for the benchmark's diagnosis of slow claims. */
import type postgres from "postgres";

/**
 * EXPLAIN ANALYZE of a statement, rolled back (a claim takes leases): once as planned for
 * these parameters, once with the generic plan a prepared statement (postgres.js prepares
 * every statement) switches to after five executions.
 */
export async function explainStatement(sql: postgres.Sql, statement: { sql: string; params: unknown[] } | undefined): Promise<string> {
  if (!statement) return "(no such statement in the window)";
  const lines: string[] = [];
  for (const mode of ["force_custom_plan", "force_generic_plan"]) {
    lines.push(`-- plan_cache_mode = ${mode}`);
    await sql
      .begin(async (tx) => {
        await tx.unsafe("set local statement_timeout = '180s'");
        await tx.unsafe(`set local plan_cache_mode = ${mode}`);
        // PREPARE is per session, not per transaction: a fresh name each time.
        const name = `bench_explained_${mode}`;
        await tx.unsafe(`deallocate all`);
        await tx.unsafe(`prepare ${name} as ${statement.sql}`);
        const args = statement.params.map((p) => (typeof p === "string" ? `'${p.replaceAll("'", "''")}'` : String(p))).join(", ");
        const rows = await tx.unsafe(`explain (analyze, buffers) execute ${name}${args ? `(${args})` : ""}`);
        for (const r of rows) lines.push(String(Object.values(r)[0]));
        throw new Error("rollback");
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "rollback")) lines.push(`explain failed: ${String(error)}`);
      });
  }
  return lines.join("\n");
}
