/** The last check of an outlet's URLs (`npm run outlets -- check`), as the admin's outlets table shows it. */
import { Moment } from "@/app/_components/moment";
import type { OutletCheck, UrlCheck, UrlState } from "@/lib/outlet-check";

const STATE_LABEL: Record<UrlState, string> = {
  ok: "responde",
  redirected: "redirige",
  gone: "ya no existe",
  refused: "rechazada",
  failing: "falla",
  unreachable: "sin respuesta",
};
const FIELD_LABEL: Record<UrlCheck["field"], string> = {
  homepage: "portada",
  feed: "feed",
  sitemap: "sitemap",
  legalNotice: "aviso legal",
};

function Offers({ label, urls }: { label: string; urls: readonly string[] }) {
  if (urls.length === 0) return null;
  return (
    <>
      <br />
      {label}:
      <ul>
        {urls.map((u) => (
          <li key={u} className="url">
            {u}
          </li>
        ))}
      </ul>
    </>
  );
}

export function OutletCheckCell({ check }: { check?: OutletCheck }) {
  if (!check) return <span className="hint">Sin comprobar (npm run outlets -- check)</span>;
  const answered = check.urls.filter((u) => u.state === "ok").length;
  const problems = check.urls.filter((u) => u.state !== "ok");
  return (
    <div data-testid={`check-${check.slug}`}>
      <Moment at={check.checkedAt} /> · {answered} de {check.urls.length} responden
      {problems.length > 0 && (
        <ul>
          {problems.map((u) => (
            <li key={`${u.field} ${u.url}`}>
              {FIELD_LABEL[u.field]}: {STATE_LABEL[u.state]}
              {u.status !== undefined ? ` (${u.status})` : ""} <span className="url">{u.url}</span>
              {u.finalUrl ? (
                <>
                  {" "}
                  → <span className="url">{u.finalUrl}</span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Offers label="Feeds que anuncia la portada" urls={check.announcedFeeds} />
      <Offers label="Sitemaps que nombra robots.txt" urls={check.robotsSitemaps} />
      <Offers label="Enlaces al aviso legal en la portada" urls={check.legalLinks} />
    </div>
  );
}
