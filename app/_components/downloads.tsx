/** "Descargar CSV / JSON" beside a table: the open-data export with the table's own filters (SPEC WEB-3). */
import { exportHref, type ExportDataset, type ExportFilters } from "@/lib/pages/export-links";

/** The two links and, in words, what the file holds. */
export function Downloads({ dataset, filters, what }: { dataset: ExportDataset; filters?: ExportFilters; what: string }) {
  return (
    <p className="downloads" data-testid="downloads" data-dataset={dataset}>
      Descargar{" "}
      <a href={exportHref(dataset, "csv", filters)} download>
        CSV
      </a>{" "}
      /{" "}
      <a href={exportHref(dataset, "json", filters)} download>
        JSON
      </a>{" "}
      <span className="muted">({what}; datos abiertos, CC BY 4.0)</span>
    </p>
  );
}
