/**
 * The research bundle (SPEC WEB-9): one zip for a period and a set of outlets holding the four
 * datasets as CSV (the exports' rows, with every scope applied), the codebook generated from
 * /datos's definitions, a LEEME.md with the open data's version and how to cite it, and a
 * manifest and SHA256SUMS of every file, so a paper can cite and check exactly what it used.
 * Streamed: each page of rows is compressed and sent as it is read (fflate's streaming Zip;
 * docs/research-data.md says why zip and why fflate).
 */
import { createHash } from "node:crypto";
import { Zip, ZipDeflate } from "fflate";
import { csvRow } from "../../../lib/csv";
import { DATASET_VERSION, DATASET_VERSION_DATE } from "../../../lib/dataset-version";
import { BULK_DATASETS } from "../../../lib/bulk/manifest";
import { rangeRows } from "../../../db/bulk/day-rows";
import { scopesInForce } from "../../../db/bulk/write-day";
import type { Record_ } from "../../../db/open-data/datasets/types";
import { datasetNamed } from "../../../db/open-data/datasets/index";
import { outletIdOf, type ApiContext } from "../../../db/open-data/context";
import type { BundleQuery } from "./bundle-params";
import { codebookCsv, codebookDatasets } from "./codebook";

const encoder = new TextEncoder();

/** One file of the bundle as listed in its manifest. */
interface BundleFile {
  name: string;
  rows?: number;
  bytes: number;
  sha256: string;
}

/** The bundle's file name: `hemeroscopio-<from>_<to>[-<n>cabeceras]-v<version>.zip`. */
export function bundleFileName(q: BundleQuery): string {
  const outlets = q.outlets ? (q.outlets.length === 1 ? `-${q.outlets[0]}` : `-${q.outlets.length}cabeceras`) : "";
  return `hemeroscopio-${q.fromDay}_${q.toDay}${outlets}-v${DATASET_VERSION}.zip`;
}

/** The rows of a dataset over the bundle's outlets, one page at a time; stories once each, in id order. */
async function* datasetRows(ctx: ApiContext, name: string, q: BundleQuery): AsyncGenerator<Record_[]> {
  const dataset = datasetNamed(name)!;
  if (!q.outlets) {
    yield* rangeRows(ctx, dataset, { from: q.from, to: q.to });
    return;
  }
  if (name === "stories") {
    const byId = new Map<number, Record_>();
    for (const outlet of q.outlets)
      for await (const page of rangeRows(ctx, dataset, { from: q.from, to: q.to, outlet })) for (const r of page) byId.set(Number(r.id), r);
    yield [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
    return;
  }
  for (const outlet of q.outlets) yield* rangeRows(ctx, dataset, { from: q.from, to: q.to, outlet });
}

function readme(q: BundleQuery, generatedAt: string): string {
  const outlets = q.outlets ? q.outlets.join(", ") : "todas las que se pueden mostrar";
  return `# Hemeroscopio: paquete de datos para investigación

- Periodo: del ${q.fromDay} al ${q.toDay}, ambos incluidos (días UTC; de ${new Date(q.from).toISOString()} a ${new Date(q.to).toISOString()}).
- Cabeceras: ${outlets}.
- Versión de los datos: ${DATASET_VERSION} (${DATASET_VERSION_DATE}); generado el ${generatedAt}.
- Exclusiones aplicadas: las que estaban en vigor al generarlo (manifest.json, campo scopes). No contiene texto de los artículos.

Cómo citarlo: Hemeroscopio (${generatedAt.slice(0, 4)}). Datos abiertos, versión ${DATASET_VERSION}, del ${q.fromDay} al ${q.toDay}. Licencia y más en /datos.

Comprobad los ficheros con \`sha256sum -c SHA256SUMS\`. El significado de cada campo está en codebook.csv.

${codebookDatasets()}`;
}

/** The zip's bytes, chunk by chunk, as each page of rows is read. */
export async function* bundleChunks(ctx: ApiContext, q: BundleQuery): AsyncGenerator<Uint8Array> {
  for (const slug of q.outlets ?? []) outletIdOf(ctx, slug); // unknown or excluded → 404 before anything is sent
  const generatedAt = new Date(ctx.now).toISOString();
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const files: BundleFile[] = [];
  function* drain(): Generator<Uint8Array> {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  }
  async function* addFile(name: string, texts: AsyncIterable<string> | Iterable<string>, counted?: () => number) {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = ctx.now;
    zip.add(entry);
    const hash = createHash("sha256");
    let bytes = 0;
    for await (const text of texts) {
      const chunk = encoder.encode(text);
      hash.update(chunk);
      bytes += chunk.length;
      entry.push(chunk);
      yield* drain();
    }
    entry.push(new Uint8Array(0), true);
    yield* drain();
    files.push({ name, ...(counted ? { rows: counted() } : {}), bytes, sha256: hash.digest("hex") });
  }

  yield* addFile("LEEME.md", [readme(q, generatedAt)]);
  yield* addFile("codebook.csv", [codebookCsv()]);
  for (const name of BULK_DATASETS) {
    const fields = datasetNamed(name)!.fields;
    let rows = 0;
    async function* csv(): AsyncGenerator<string> {
      yield csvRow(fields);
      for await (const page of datasetRows(ctx, name, q)) {
        rows += page.length;
        yield page.map((r) => csvRow(fields.map((f) => r[f]))).join("");
      }
    }
    yield* addFile(`${name}.csv`, csv(), () => rows);
  }
  const manifest = {
    kind: "hemeroscopio-research-bundle",
    dataset_version: DATASET_VERSION,
    dataset_version_date: DATASET_VERSION_DATE,
    from: new Date(q.from).toISOString(),
    to: new Date(q.to).toISOString(),
    outlets: q.outlets ?? null,
    generated_at: generatedAt,
    scopes: scopesInForce(ctx),
    files: [...files],
  };
  yield* addFile("manifest.json", [JSON.stringify(manifest, null, 1) + "\n"]);
  yield* addFile("SHA256SUMS", [files.map((f) => `${f.sha256}  ${f.name}\n`).join("")]);
  zip.end();
  yield* drain();
}

/** GET /api/v1/bulk/bundle: the streamed zip. */
export async function bundleResponse(ctx: ApiContext, q: BundleQuery): Promise<Response> {
  const chunks = bundleChunks(ctx, q);
  // The first chunk is read before the 200 is committed, so a bad outlet is still a 404.
  const first = await chunks.next();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(first.value);
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "no-store",
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${bundleFileName(q)}"`,
      "Hemeroscopio-Dataset-Version": DATASET_VERSION,
    },
  });
}
