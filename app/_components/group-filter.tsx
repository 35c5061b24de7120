/**
 * The outlet-group filter (docs/outlet-groups.md): a select of the groups with their outlet
 * counts, and a plain GET form around it that works without JavaScript, keeping the page's
 * other parameters as hidden fields.
 */
import type { GroupCount } from "@/db/queries/site/outlet-groups";
import { formatNumber } from "@/lib/pages/format";

/** The `grupo` select, for a form of its own or inside another page's form. */
export function GroupSelect({ groups, selected }: { groups: readonly GroupCount[]; selected?: string }) {
  return (
    <label>
      Grupo de medios
      <select name="grupo" defaultValue={selected ?? ""} data-testid="group-select">
        <option value="">Todos los medios</option>
        {groups.map((g) => (
          <option key={g.group} value={g.group}>
            {g.label} ({formatNumber(g.outlets)})
          </option>
        ))}
      </select>
    </label>
  );
}

/** A form that narrows `action` to one group, sending `keep` along unchanged. */
export function GroupFilterForm({
  action,
  groups,
  selected,
  keep = {},
}: {
  action: string;
  groups: readonly GroupCount[];
  selected?: string;
  keep?: Record<string, string | undefined>;
}) {
  return (
    <form className="search-form group-filter" method="get" action={action} data-testid="group-filter">
      {Object.entries(keep).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <GroupSelect groups={groups} selected={selected} />
      <button type="submit">Filtrar</button>
    </form>
  );
}

/** What a page says when its group holds no outlet we show. */
export function EmptyGroupNotice({ label }: { label: string }) {
  return (
    <p className="notice" data-testid="empty-group">
      Ningún medio que mostremos pertenece al grupo «{label}». Elige otro grupo o quita el filtro.
    </p>
  );
}
