/** `/historias/<id>/cambios.atom`: a story's Atom feed (SPEC WEB-6), on the same pattern as an outlet's `/cabeceras/<slug>/cambios.atom`. */
export { GET } from "../atom/route";

// Segment config is read from this file itself, not from the module it re-exports.
export const dynamic = "force-dynamic";
