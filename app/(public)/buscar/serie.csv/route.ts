/** `/buscar/serie.csv`: the attention series of /buscar's searches as CSV (SPEC WEB-9). */
import { attentionDownload } from "@/app/_lib/pages/attention-download";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return attentionDownload(request, "csv");
}
