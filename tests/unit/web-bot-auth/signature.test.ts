/**
 * SPEC ID-3: crawler request signatures checked by an independent verifier written here from
 * RFC 9421 §3.2 and RFC 9651 — it shares no code with lib/web-bot-auth/signature.ts and reads only
 * the header strings, the received authority and the public key directory JSON.
 */
import { createHash, createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { publicKeyDirectory, signingKeyFrom } from "../../../lib/web-bot-auth/keys";
import { authorityOf, signRequest } from "../../../lib/web-bot-auth/signature";

// ---- A minimal RFC 9651 Dictionary parser and serialiser (only what the verifier needs) ----
type Bare = string | number | boolean | { token: string } | { bytes: Buffer };
type Params = [string, Bare][];
interface Item {
  value: Bare;
  params: Params;
}
interface InnerList {
  list: Item[];
  params: Params;
}

function parseDictionary(input: string): Map<string, Item | InnerList> {
  const s = input.trim();
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`structured field: ${why} at ${i} in ${input}`);
  };
  const match = (re: RegExp) => {
    const m = re.exec(s.slice(i));
    if (m) i += m[0].length;
    return m?.[0];
  };
  const key = () => match(/^[a-z*][a-z0-9_\-.*]*/) ?? fail("key");
  const bare = (): Bare => {
    if (s[i] === '"') {
      let out = "";
      for (i++; i < s.length;) {
        const c = s[i++]!;
        if (c === '"') return out;
        if (c === "\\") {
          const e = s[i++];
          if (e !== '"' && e !== "\\") fail("escape");
          out += e;
        } else if (c < " " || c > "~") fail("character");
        else out += c;
      }
      return fail("unterminated string");
    }
    if (s[i] === ":") {
      const b = match(/^:[A-Za-z0-9+/=]*:/) ?? fail("byte sequence");
      return { bytes: Buffer.from(b.slice(1, -1), "base64") };
    }
    if (s[i] === "?") {
      const b = match(/^\?[01]/) ?? fail("boolean");
      return b === "?1";
    }
    const n = match(/^-?\d{1,15}(?![\d.])/);
    if (n !== undefined) return Number(n);
    return { token: match(/^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/) ?? fail("item") };
  };
  const params = (): Params => {
    const p: Params = [];
    while (s[i] === ";") {
      i++;
      match(/^ */);
      const k = key();
      p.push([k, s[i] === "=" ? (i++, bare()) : true]);
    }
    return p;
  };
  const out = new Map<string, Item | InnerList>();
  while (i < s.length) {
    const k = key();
    if (s[i] !== "=") out.set(k, { value: true, params: params() });
    else if (s[++i] !== "(") out.set(k, { value: bare(), params: params() });
    else {
      const list: Item[] = [];
      for (i++; match(/^ */), s[i] !== ")";) {
        list.push({ value: bare(), params: params() });
        if (s[i] !== " " && s[i] !== ")") fail("inner list");
      }
      i++;
      out.set(k, { list, params: params() });
    }
    match(/^[ \t]*/);
    if (i < s.length && (s[i++] !== "," || (match(/^[ \t]*/), i >= s.length))) fail("dictionary separator");
  }
  return out;
}

const serBare = (v: Bare): string =>
  typeof v === "string"
    ? `"${v.replace(/[\\"]/g, "\\$&")}"`
    : typeof v === "number"
      ? String(v)
      : typeof v === "boolean"
        ? v
          ? "?1"
          : "?0"
        : "token" in v
          ? v.token
          : `:${v.bytes.toString("base64")}:`;
const serParams = (p: Params) => p.map(([k, v]) => (v === true ? `;${k}` : `;${k}=${serBare(v)}`)).join("");
const serItem = (it: Item) => serBare(it.value) + serParams(it.params);

// ---- The verifier: RFC 9421 §3.2 with the web-bot-auth profile ----
type DirectoryKey = { kty?: unknown; crv?: unknown; x?: unknown; kid?: unknown };
function verifyWebBotAuth(
  req: { authority: string; headers: Record<string, string> },
  directory: { keys: DirectoryKey[] },
  nowSeconds: number,
): string {
  const h = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const inputs = parseDictionary(h["signature-input"] ?? "");
  const signatures = parseDictionary(h["signature"] ?? "");
  const agents = parseDictionary(h["signature-agent"] ?? "");
  const found = [...inputs].find(([, m]) => "list" in m && m.params.some(([k, v]) => k === "tag" && v === "web-bot-auth"));
  if (!found) return "no web-bot-auth signature";
  const [label, input] = found as [string, InnerList];
  const param = (name: string) => input.params.find(([k]) => k === name)?.[1];
  const created = param("created"),
    expires = param("expires"),
    keyid = param("keyid"),
    alg = param("alg");
  if (typeof created !== "number" || typeof expires !== "number" || typeof keyid !== "string") return "missing parameters";
  if (created > nowSeconds) return "created in the future";
  if (expires < nowSeconds) return "expired";
  if (alg !== undefined && alg !== "ed25519") return "unexpected alg";
  const jwk = directory.keys.find((k) => k.kid === keyid);
  const thumbprint =
    jwk &&
    createHash("sha256")
      .update(`{"crv":"${String(jwk.crv)}","kty":"${String(jwk.kty)}","x":"${String(jwk.x)}"}`)
      .digest("base64url");
  if (!jwk || thumbprint !== keyid || jwk.kty !== "OKP" || jwk.crv !== "Ed25519") return "unknown key";
  const covers = (name: string, key?: string) =>
    input.list.some((c) => c.value === name && (key === undefined || c.params.some(([k, v]) => k === "key" && v === key)));
  if (!covers("@authority") || !covers("signature-agent", label)) return "required components not covered";
  const lines: string[] = [];
  for (const c of input.list) {
    let value: string | undefined;
    if (c.value === "@authority" && c.params.length === 0) value = req.authority.toLowerCase();
    if (c.value === "signature-agent" && c.params.length === 1) {
      const member = agents.get(String(c.params[0]![1]));
      value = member && "value" in member ? serItem(member) : undefined;
    }
    if (value === undefined) return `cannot resolve ${serItem(c)}`;
    lines.push(`${serItem(c)}: ${value}`);
  }
  lines.push(`"@signature-params": (${input.list.map(serItem).join(" ")})${serParams(input.params)}`);
  const sig = signatures.get(label);
  if (!sig || !("value" in sig) || typeof sig.value !== "object" || !("bytes" in sig.value)) return "no signature";
  const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: String(jwk.x) }, format: "jwk" });
  return verify(null, Buffer.from(lines.join("\n")), publicKey, sig.value.bytes) ? "verified" : "bad signature";
}

// ---- Tests ----
const key = signingKeyFrom(generateKeyPairSync("ed25519").privateKey);
const directory = JSON.parse(JSON.stringify(publicKeyDirectory([key]))) as { keys: DirectoryKey[] };
const NOW = Date.parse("2026-03-01T10:00:00.750Z");
const NOW_S = Math.floor(NOW / 1000);
const signed = (url = "https://www.elpais.com/espana/", now = NOW) =>
  signRequest({ url, key, signatureAgent: "https://hemeroscopio.org", now });

describe("Web Bot Auth request signatures", () => {
  it("ID-3: an independent verifier accepts a crawler-made signature from the header strings alone", () => {
    expect(verifyWebBotAuth({ authority: "www.elpais.com", headers: { ...signed() } }, directory, NOW_S + 10)).toBe("verified");
  });

  it("ID-3: headers name our site, cover @authority and signature-agent, and expire 5 minutes after created", () => {
    const h = signed();
    expect(h["Signature-Agent"]).toBe('sig1="https://hemeroscopio.org"');
    expect(h["Signature-Input"]).toMatch(
      new RegExp(
        `^sig1=\\("@authority" "signature-agent";key="sig1"\\);created=${NOW_S};keyid="${key.keyid}";alg="ed25519";expires=${NOW_S + 300};nonce="[A-Za-z0-9_-]{86}";tag="web-bot-auth"$`,
      ),
    );
    expect(h.Signature).toMatch(/^sig1=:[A-Za-z0-9+/]{86}==:$/); // 64-byte Ed25519 signature
  });

  it("ID-3: each request gets a fresh 64-byte nonce, so two signatures never repeat", () => {
    const nonce = (h: { "Signature-Input": string }) => /nonce="([^"]+)"/.exec(h["Signature-Input"])?.[1];
    const [a, b] = [signed(), signed()];
    expect(nonce(a)).not.toBe(nonce(b));
    expect(Buffer.from(nonce(a)!, "base64url")).toHaveLength(64);
  });

  it("ID-3: a signature replayed against another authority fails verification", () => {
    expect(verifyWebBotAuth({ authority: "www.elmundo.es", headers: { ...signed() } }, directory, NOW_S)).toBe("bad signature");
  });

  it("ID-3: a rewritten Signature-Agent fails verification", () => {
    const headers = { ...signed(), "Signature-Agent": 'sig1="https://impostor.example"' };
    expect(verifyWebBotAuth({ authority: "www.elpais.com", headers }, directory, NOW_S)).toBe("bad signature");
  });

  it("ID-3: a signature is rejected once expired and before it was created", () => {
    expect(verifyWebBotAuth({ authority: "www.elpais.com", headers: { ...signed() } }, directory, NOW_S + 300)).toBe("verified");
    expect(verifyWebBotAuth({ authority: "www.elpais.com", headers: { ...signed() } }, directory, NOW_S + 301)).toBe("expired");
    expect(verifyWebBotAuth({ authority: "www.elpais.com", headers: { ...signed() } }, directory, NOW_S - 1)).toBe("created in the future");
  });

  it("ID-3: a signature by a key missing from our directory is not ours", () => {
    const other = signingKeyFrom(generateKeyPairSync("ed25519").privateKey);
    const headers = signRequest({ url: "https://www.elpais.com/", key: other, signatureAgent: "https://hemeroscopio.org", now: NOW });
    expect(verifyWebBotAuth({ authority: "www.elpais.com", headers: { ...headers } }, directory, NOW_S)).toBe("unknown key");
  });

  it.each([
    ["https://WWW.ElPais.COM/a?b=1#c", "www.elpais.com"],
    ["https://www.elpais.com:443/", "www.elpais.com"],
    ["http://www.elpais.com:80/", "www.elpais.com"],
    ["https://www.elpais.com:8443/", "www.elpais.com:8443"],
    ["https://user:secret@www.elpais.com/", "www.elpais.com"],
    ["https://bücher.example/", "xn--bcher-kva.example"],
    ["http://[::1]:8080/", "[::1]:8080"],
  ])("ID-3: @authority of %s is %s (RFC 9421 §2.2.3) and verifies against it", (url, authority) => {
    expect(authorityOf(url)).toBe(authority);
    expect(verifyWebBotAuth({ authority, headers: { ...signed(url) } }, directory, NOW_S)).toBe("verified");
  });

  it("ID-3: Signature-Agent must be our https origin; a trailing slash is dropped", () => {
    const agent = (signatureAgent: string) => signRequest({ url: "https://a.test/", key, signatureAgent, now: NOW })["Signature-Agent"];
    expect(agent("https://hemeroscopio.org/")).toBe('sig1="https://hemeroscopio.org"');
    expect(() => agent("http://hemeroscopio.org")).toThrow(/https origin/);
    expect(() => agent("https://hemeroscopio.org/bot")).toThrow(/https origin/);
    expect(() => agent("hemeroscopio.org")).toThrow(/https origin/);
  });

  it("ID-3: inputs that would make malformed headers are refused", () => {
    const base = { url: "https://a.test/", key, signatureAgent: "https://hemeroscopio.org", now: NOW };
    expect(() => signRequest({ ...base, url: "ftp://a.test/" })).toThrow(/ftp/);
    expect(() => signRequest({ ...base, label: "Sig1" })).toThrow(/key/);
    expect(() => signRequest({ ...base, nonce: 'a"b\u00e9' })).toThrow(/string/);
    expect(() => signRequest({ ...base, ttlSeconds: 0 })).toThrow(/ttlSeconds/);
    expect(() => signRequest({ ...base, now: Number.NaN })).toThrow(/now/);
  });
});
