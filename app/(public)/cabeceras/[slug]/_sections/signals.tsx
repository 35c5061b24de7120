/** "Señales que publica" (SPEC ROB-4, SIG-1, SIG-3, SIG-4): what the outlet tells robots and miners. */
import type { OutletSignals } from "@/db/queries/outlet-page/signals";
import { robotsAccessLabel } from "@/lib/pages/collection-status";
import { signalKindLabel, signalValueLabel, signalWhereLabel } from "@/lib/pages/signal-words";
import { Moment } from "../../../../_components/moment";

/** robots.txt in force per host with its content signals, then the page signals recorded. */
export function SignalsSection({ signals, timeZone }: { signals: OutletSignals; timeZone: string }) {
  return (
    <section aria-labelledby="senales">
      <h2 id="senales">Señales que publica</h2>
      {signals.robots.length === 0 ? (
        <p>Todavía no hemos leído el robots.txt de sus servidores.</p>
      ) : (
        <ul className="compact">
          {signals.robots.map((r) => (
            <li key={r.host}>
              <strong>{r.host}/robots.txt</strong>: {robotsAccessLabel(r.access)}.
              {r.sha256 ? (
                <>
                  {" "}
                  Versión vigente vista por primera vez el <Moment at={r.firstFetchedAt} timeZone={timeZone} /> y comprobada por última vez
                  el <Moment at={r.lastFetchedAt} timeZone={timeZone} /> (huella <code>{r.sha256.slice(0, 12)}</code>).
                </>
              ) : null}
              {r.contentSignals.length > 0 ? (
                <ul>
                  {r.contentSignals.map((c, i) => (
                    <li key={i}>
                      <code>
                        {c.field === "content-signal" ? "Content-Signal" : "Content-Usage"}: {c.path ? `${c.path} ` : ""}
                        {c.value}
                      </code>
                      {c.agents.length ? ` (para ${c.agents.join(", ")})` : ""}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {signals.signals.length === 0 ? (
        <p>No hemos registrado otras señales en sus páginas.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Señal</th>
                <th scope="col">Dónde la vimos</th>
                <th scope="col">Qué dice</th>
                <th scope="col">Vista por última vez</th>
              </tr>
            </thead>
            <tbody>
              {signals.signals.map((s) => {
                const said = signalValueLabel(s.kind, s.value);
                return (
                  <tr key={`${s.kind} ${s.scope} ${s.value}`}>
                    <td>{signalKindLabel(s.kind)}</td>
                    <td>En {signalWhereLabel(s.scope)}</td>
                    <td>
                      {said.text}
                      {said.quoted !== undefined ? (
                        <>
                          : <code>{said.quoted}</code>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <Moment at={s.lastSeenAt} timeZone={timeZone} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
