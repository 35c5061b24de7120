/**
 * Refusals: plain error statuses, rate limits with Retry-After (SPEC BLK-3) and a
 * bot-challenge page served with 200 (SPEC BLK-5).
 */
import { respond, TYPES, type SimRequest, type SimResponse } from "../http-types";
import { httpDate } from "../render/format";
import type { ChallengeScenario, RetryAfterScenario, StatusScenario } from "./types";

/** Any status with a short body; e.g. robots.txt 404/500, a 403 for the whole host. */
export async function status(s: StatusScenario, _req: SimRequest): Promise<SimResponse> {
  const body = s.body ?? `<!DOCTYPE html><html><head><title>${s.status}</title></head><body><h1>Error ${s.status}</h1></body></html>\n`;
  return respond(s.status, s.body === undefined ? TYPES.html : TYPES.text, body, s.headers);
}

/** 429/503 with `Retry-After`; an HTTP-date is `seconds` after the simulated now (the `Date` header is that now too). */
export async function retryAfter(s: RetryAfterScenario, req: SimRequest): Promise<SimResponse> {
  const value = s.format === "http-date" ? httpDate(req.now + s.seconds * 1000) : String(s.seconds);
  const title = s.status === 429 ? "Too Many Requests" : "Service Unavailable";
  return respond(s.status, TYPES.html, `<!DOCTYPE html><html><body><h1>${s.status} ${title}</h1></body></html>\n`, {
    "retry-after": value,
  });
}

/** Markers taken from real Cloudflare interstitials: `_cf_chl_opt`, `challenge-platform`, the title. */
const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><div class="main-wrapper" role="main"><div class="main-content"><noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript>
<div id="challenge-running">Verifying you are human. This may take a few seconds.</div></div></div>
<script>(function(){window._cf_chl_opt={cvId:'3',cZone:"sim.test",cType:'managed',cRay:'8f00000000000000'};
var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8f00000000000000';document.getElementsByTagName('head')[0].appendChild(a);}());</script>
</body></html>
`;

/** A Cloudflare challenge page; `header: false` omits `cf-mitigated` so only the body gives it away. */
export async function challenge(s: ChallengeScenario, _req: SimRequest): Promise<SimResponse> {
  const headers: Record<string, string> = {
    server: "cloudflare",
    "cf-ray": "8f00000000000000-MAD",
    "cache-control": "private, max-age=0, no-store",
  };
  if (s.header !== false) headers["cf-mitigated"] = "challenge";
  return respond(s.status ?? 200, TYPES.html, CHALLENGE_PAGE, headers);
}
