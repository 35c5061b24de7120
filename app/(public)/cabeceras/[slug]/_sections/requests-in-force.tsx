/** What the outlet asked us not to show (SPEC PUB-1, PUB-6), said once at the top of its page. */
import { Link } from "@/app/_components/link";
import type { OutletPolicy } from "@/lib/policy";

/** One line per scope in force; nothing when the outlet asked for nothing. */
export function RequestsInForce({ policy }: { policy: OutletPolicy }) {
  const lines = [
    !policy.headlinesVerbatim ? "no reproducimos sus titulares literalmente" : null,
    !policy.positions ? "no capturamos ni mostramos su portada ni las posiciones de sus noticias" : null,
    !policy.modelAnnotations ? "ningún modelo analiza sus titulares" : null,
  ].filter((l): l is string => l !== null);
  if (lines.length === 0) return null;
  return (
    <p className="notice">
      A petición del medio, {lines.join("; ")}. Ver el <Link href="/editores">registro de solicitudes</Link>.
    </p>
  );
}
