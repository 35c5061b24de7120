/**
 * SPEC ID-3: the public key directory at /.well-known/http-message-signatures-directory — its JSON
 * (httpsig-protocol-02 "Directory Format") and the route handler, called directly.
 */
import { createHash, createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  KEY_DIRECTORY_MEDIA_TYPE,
  SIGNING_KEY_FILE,
  loadOrCreateSigningKey,
  publicKeyDirectory,
  signingKeyFrom,
} from "../../../lib/web-bot-auth/keys";

const site = vi.hoisted(() => ({ dataDir: "", siteUrl: "https://hemeroscopio.test" }));
vi.mock("@/db/server", () => ({ appConfig: () => site }));
const route = await import("../../../app/.well-known/http-message-signatures-directory/route");

beforeAll(async () => {
  site.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-directory-"));
});
afterAll(async () => {
  await fs.rm(site.dataDir, { recursive: true, force: true });
});

describe("Web Bot Auth key directory", () => {
  it("ID-3: the directory lists each public key with kid = its thumbprint and no private member", () => {
    const keys = [0, 1].map(() => signingKeyFrom(generateKeyPairSync("ed25519").privateKey));
    const json = JSON.stringify(publicKeyDirectory(keys));
    const parsed = JSON.parse(json) as { keys: Record<string, unknown>[] };
    expect(parsed.keys).toEqual(keys.map((k) => ({ kty: "OKP", crv: "Ed25519", kid: k.keyid, x: k.publicJwk.x, use: "sig" })));
    expect(json).not.toMatch(/"d"|PRIVATE/);
  });

  it("ID-3: the route serves the directory for the key under dataDir, making it if missing", async () => {
    expect(route.dynamic).toBe("force-dynamic");
    const response = await route.GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(KEY_DIRECTORY_MEDIA_TYPE);
    expect(KEY_DIRECTORY_MEDIA_TYPE).toBe("application/http-message-signatures-directory+json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    await fs.access(path.join(site.dataDir, "keys", SIGNING_KEY_FILE));
    const body = await response.text();
    expect(body).not.toMatch(/"d"/);
    const worker = await loadOrCreateSigningKey(site.dataDir); // the crawler reads the same key
    expect(JSON.parse(body)).toEqual({ keys: [{ kty: "OKP", crv: "Ed25519", kid: worker.keyid, x: worker.publicJwk.x, use: "sig" }] });
    expect(JSON.parse(await (await route.GET()).text())).toEqual(JSON.parse(body));
  });

  it("ID-3: the route's response carries a possession proof bound to our authority and its body", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await route.GET();
    const body = await response.text();
    const digest = `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;
    expect(response.headers.get("content-digest")).toBe(digest);
    const input =
      /^binding=(\("@authority";req "content-digest"\);created=(\d+);expires=(\d+);keyid="([\w-]+)";tag="http-message-signatures-directory")$/.exec(
        response.headers.get("signature-input") ?? "",
      );
    expect(input).not.toBeNull();
    const [, params, created, expires, keyid] = input!;
    expect(Number(created)).toBeGreaterThanOrEqual(before);
    expect(Number(expires)).toBeGreaterThan(Number(created));
    const jwk = (JSON.parse(body) as { keys: { kid: string; x: string }[] }).keys.find((k) => k.kid === keyid)!;
    const signature = /^binding=:([A-Za-z0-9+/=]+):$/.exec(response.headers.get("signature") ?? "")?.[1] ?? "";
    const base = `"@authority";req: hemeroscopio.test\n"content-digest": ${digest}\n"@signature-params": ${params}`;
    const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
    expect(verify(null, Buffer.from(base), publicKey, Buffer.from(signature, "base64"))).toBe(true);
  });
});
