/**
 * Every check that stands between a due job and a request, in the order the crawler runs
 * them — the one list, as data (docs/style.md §7). crawler/politeness/gates.ts runs the job's
 * checks from it and the polite client the request's; docs/architecture.md and the public page
 * `/bot` print it (a test holds the docs equal to `gateTable`). Here, on the ground floor, so
 * the site can print what the crawler runs.
 */

/** One check before a request. */
export interface Check {
  id: "publishers" | "closed" | "robots" | "backoff" | "pacing";
  /** What it checks, in English for the docs. */
  what: string;
  /** The same, in Spanish for `/bot`. */
  publicWhat: string;
  spec: string;
  /** Once per job, or before every request and redirect hop. */
  runs: "job" | "request";
  /** The module and function that apply it. */
  where: string;
}

/** The checks, in the order they run. */
export const GATES = [
  {
    id: "publishers",
    what: "publishers' requests",
    publicWhat: "lo que el editor nos pidió (exclusiones y ritmo)",
    spec: "PUB-1, PUB-3, PUB-6",
    runs: "job",
    where: "publisher-gate.ts `publisherPolicyGate`",
  },
  {
    id: "closed",
    what: "closed resource, its probe",
    publicWhat: "si el recurso está cerrado (un bloqueo o un reto): solo una prueba por hora de la portada",
    spec: "BLK-1, BLK-2",
    runs: "job",
    where: "closed-gate.ts `closedSourceGate`",
  },
  {
    id: "robots",
    what: "robots.txt, read first",
    publicWhat: "el robots.txt del servidor, leído antes que nada",
    spec: "ROB-1 … ROB-6",
    runs: "request",
    where: "polite-client.ts `request`",
  },
  {
    id: "backoff",
    what: "the site's back-off",
    publicWhat: "la pausa que el sitio nos pidió (429, 503, Retry-After) o que nos impusimos tras errores",
    spec: "BLK-3, BLK-4",
    runs: "request",
    where: "site-lease.ts `acquireSite`",
  },
  {
    id: "pacing",
    what: "the site's pacing",
    publicWhat:
      "el ritmo por sitio: una petición a la vez y la pausa entre dos (la nuestra, el Crawl-delay o la pausa mínima que pidió el editor: la mayor)",
    spec: "POL-1, PUB-7",
    runs: "request",
    where: "site-lease.ts `acquireSite`, `pacingGap`",
  },
] as const satisfies readonly Check[];

/** The ids of the checks run once per job. */
export type JobCheckId = Extract<(typeof GATES)[number], { runs: "job" }>["id"];

/** The checks the polite client runs before every request and redirect hop, in order. */
export const REQUEST_CHECKS = GATES.filter((g) => g.runs === "request").map((g) => g.id);

/** The list as a Markdown table, as docs/architecture.md prints it. */
export function gateTable(): string {
  const rows = GATES.map(
    (g, i) =>
      `| ${i + 1} | ${g.what} | ${g.spec} | ${g.runs === "job" ? "once per job" : "every request and redirect hop"} | \`crawler/politeness/${g.where.split(" ")[0]}\` |`,
  );
  return ["| # | check | SPEC | runs | where |", "|---|---|---|---|---|", ...rows].join("\n");
}
