/** `/buscar/serie.json`: the attention series of /buscar's searches as JSON (SPEC WEB-9). */
import { attentionDownload } from "@/app/_lib/pages/attention-download";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return attentionDownload(request, "json");
}
