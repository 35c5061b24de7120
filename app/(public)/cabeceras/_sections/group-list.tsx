/** The outlet groups of /cabeceras with how many outlets each holds, each a link that narrows the table to it. */
import { Link } from "@/app/_components/link";
import type { GroupCount } from "@/db/queries/site/outlet-groups";
import { formatNumber } from "@/lib/pages/format";

export function GroupList({ groups, selected }: { groups: readonly GroupCount[]; selected?: string }) {
  if (groups.length === 0) return null;
  return (
    <details className="group-list" open={selected === undefined} data-testid="group-list">
      <summary>Grupos de medios ({formatNumber(groups.length)})</summary>
      <ul className="inline-list">
        <li>{selected === undefined ? <strong aria-current="page">Todos</strong> : <Link href="/cabeceras">Todos</Link>}</li>
        {groups.map((g) => (
          <li key={g.group}>
            {g.group === selected ? (
              <strong aria-current="page">{g.label}</strong>
            ) : (
              <Link href={`/cabeceras?grupo=${encodeURIComponent(g.group)}`}>{g.label}</Link>
            )}{" "}
            <span className="muted">({formatNumber(g.outlets)})</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
