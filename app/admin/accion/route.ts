/**
 * The one POST endpoint of every admin action (SPEC ADM-2, SEC-2): `adminPost` checks
 * origin, session, size and CSRF token, then the action named by `accion` runs and is audited.
 */
import { adminPost } from "../_lib/post";
import { ACTIONS } from "../_lib/actions";
import { refusal } from "../_lib/refusal";

/** The outlets file may be pasted whole; everything else is small. */
const MAX_BYTES = 512 * 1024;

export async function POST(request: Request): Promise<Response> {
  return adminPost(request, MAX_BYTES, async (ctx) => {
    const action = Object.hasOwn(ACTIONS, ctx.fields.accion ?? "") ? ACTIONS[ctx.fields.accion!] : undefined;
    if (!action) return refusal("Acción desconocida.");
    return action(ctx);
  });
}
