/**
 * The Web Bot Auth key directory (SPEC ID-3; draft-meunier-webbotauth-httpsig-protocol-02
 * "Directory Format"): the crawler's public key as a JWK Set, with one possession proof per key
 * (the draft's appendix "Validating the Domain Binding"). The site and the worker share
 * `dataDir`, so the key is made here if the site starts first.
 */
import { KEY_DIRECTORY_MEDIA_TYPE, loadOrCreateSigningKey, publicKeyDirectory } from "@/lib/web-bot-auth/keys";
import { signDirectoryResponse } from "@/lib/web-bot-auth/signature";
import { appConfig } from "@/db/server";

export const dynamic = "force-dynamic";

/** The directory, served directly (verifiers MUST NOT follow redirects) with a 200. */
export async function GET(): Promise<Response> {
  const config = appConfig();
  const key = await loadOrCreateSigningKey(config.dataDir);
  const body = JSON.stringify(publicKeyDirectory([key]));
  // `"@authority";req` is the authority verifiers fetch: our public origin, not the Host a proxy forwards.
  const proof = signDirectoryResponse({ body, authority: new URL(config.siteUrl).host, keys: [key], now: Date.now() });
  return new Response(body, {
    headers: {
      "Content-Type": KEY_DIRECTORY_MEDIA_TYPE,
      "Cache-Control": "public, max-age=3600",
      // Public key material: browser-based verifiers may read it cross-origin (draft "CORS").
      "Access-Control-Allow-Origin": "*",
      ...proof,
    },
  });
}
