/**
 * Web Bot Auth request signatures (SPEC ID-3): RFC 9421 HTTP Message Signatures with Ed25519,
 * profiled by draft-meunier-webbotauth-httpsig-protocol-02 (docs/standards.md §3). Pure: the time,
 * key and nonce are inputs; only the default nonce reads the random source.
 */
import { createHash, randomBytes, sign, type KeyObject } from "node:crypto";
import type { SigningKey } from "./keys";

/** `tag` of a crawler request signature (httpsig-protocol-02 "Generating HTTP Message Signature"). */
export const WEB_BOT_AUTH_TAG = "web-bot-auth";
/** `tag` of a key directory's possession proof (httpsig-protocol-02 App. "Validating the Domain Binding"). */
export const DIRECTORY_TAG = "http-message-signatures-directory";
/** Signature lifetime: SPEC ID-3 puts `created` and `expires` 5 minutes apart. */
export const DEFAULT_TTL_SECONDS = 300;

/** A covered component (RFC 9421 §2.1–2.2): name, identifier parameters, and its value. */
export interface Component {
  name: string;
  params?: ReadonlyArray<readonly [string, string | true]>;
  value: string;
}

/** Signature parameters (RFC 9421 §2.3), serialised in this order: strings are sf-strings, numbers sf-integers. */
export type SignatureParams = ReadonlyArray<readonly [string, string | number]>;

/** One signature: the RFC 9421 §2.5 base it signs and its two header members (§4.1, §4.2). */
export interface SignedMessage {
  base: string;
  signatureInput: string;
  signature: string;
}

/** Header fields that sign one crawler request. */
export interface SignatureHeaders {
  "Signature-Agent": string;
  "Signature-Input": string;
  Signature: string;
}

/** Sign `components` under `label` with an Ed25519 key (RFC 9421 §3.1; `ed25519` is §3.3.6). */
export function signComponents(input: {
  label: string;
  components: readonly Component[];
  params: SignatureParams;
  privateKey: KeyObject;
}): SignedMessage {
  const { label, components, params, privateKey } = input;
  if (privateKey.type !== "private" || privateKey.asymmetricKeyType !== "ed25519") {
    throw new TypeError("Web Bot Auth signs with an Ed25519 private key (never HMAC: httpsig-protocol-02 §Security)");
  }
  const ids = components.map(componentId);
  if (new Set(ids).size !== ids.length) throw new TypeError("RFC 9421 §2.5: a component may be covered only once");
  // §2.3: the inner list of component identifiers, then each parameter.
  const signatureParams = `(${ids.join(" ")})${params.map(([name, value]) => `;${sfKey(name)}=${sfBare(value)}`).join("")}`;
  // §2.5: one `id: value` line per component, `"@signature-params"` last, no trailing newline.
  const lines = components.map((c, i) => {
    if (/[\r\n]/.test(c.value)) throw new TypeError(`RFC 9421 §2.1: the value of ${ids[i]} has a line break`);
    return `${ids[i]}: ${c.value}`;
  });
  const base = [...lines, `"@signature-params": ${signatureParams}`].join("\n");
  const bytes = sign(null, Buffer.from(base, "utf8"), privateKey); // RFC 8032 Ed25519: deterministic, 64 bytes
  return { base, signatureInput: `${sfKey(label)}=${signatureParams}`, signature: `${sfKey(label)}=:${bytes.toString("base64")}:` };
}

/** Headers that sign a GET to `url` for Web Bot Auth (httpsig-protocol-02; RFC 9421 §3.1). */
export function signRequest(options: {
  /** The request's target URI; its authority is covered. */
  url: string | URL;
  key: Pick<SigningKey, "privateKey" | "keyid">;
  /** Our https origin, e.g. `https://hemeroscopio.org`; its key directory is at the well-known URI. */
  signatureAgent: string;
  /** Current time, ms since the epoch. */
  now: number;
  /** @default 64 random bytes, base64url (architecture-05; RFC 9421 §2.3 `nonce`) */
  nonce?: string;
  /** @default 300 */
  ttlSeconds?: number;
  /** Signature label, which also keys our `Signature-Agent` member. @default "sig1" */
  label?: string;
}): SignatureHeaders {
  const { url, key, now, ttlSeconds = DEFAULT_TTL_SECONDS, label = "sig1" } = options;
  const nonce = options.nonce ?? randomBytes(64).toString("base64url");
  if (!Number.isFinite(now)) throw new TypeError("now must be a time in milliseconds");
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) throw new TypeError(`ttlSeconds must be a positive integer, got ${ttlSeconds}`);
  // httpsig-protocol-02 §Signature-Agent: a Dictionary; the member keyed to our label is a String
  // holding an https origin (type `directory`, the default, so no parameter is sent).
  const agentMember = sfString(agentOrigin(options.signatureAgent));
  const created = Math.floor(now / 1000);
  const signed = signComponents({
    label,
    components: [
      { name: "@authority", value: authorityOf(url) },
      // RFC 9421 §2.1.2: with `key`, the value is the member re-serialised (here the sf-string, quotes included).
      { name: "signature-agent", params: [["key", label]], value: agentMember },
    ],
    // Parameter order as in the draft's Ed25519 test vector.
    params: [
      ["created", created],
      ["keyid", key.keyid],
      ["alg", "ed25519"],
      ["expires", created + ttlSeconds],
      ["nonce", nonce],
      ["tag", WEB_BOT_AUTH_TAG],
    ],
    privateKey: key.privateKey,
  });
  return { "Signature-Agent": `${sfKey(label)}=${agentMember}`, "Signature-Input": signed.signatureInput, Signature: signed.signature };
}

/** Possession proofs for a key directory response, one per key (httpsig-protocol-02 App. "Validating the Domain Binding"). */
export function signDirectoryResponse(options: {
  /** The exact response body bytes. */
  body: string;
  /** Authority the directory was requested at, e.g. `hemeroscopio.org` (covered as `"@authority";req`). */
  authority: string;
  keys: ReadonlyArray<Pick<SigningKey, "privateKey" | "keyid">>;
  /** Current time, ms since the epoch. */
  now: number;
  /** @default 604800 (7 days: App. "Directory Response Signature Lifetimes" advises long ones) */
  ttlSeconds?: number;
}): { "Content-Digest": string; "Signature-Input": string; Signature: string } {
  const { body, authority, keys, now, ttlSeconds = 7 * 86_400 } = options;
  if (keys.length === 0) throw new TypeError("a key directory response needs at least one key to sign it");
  const digest = `sha-256=:${createHash("sha256").update(body, "utf8").digest("base64")}:`; // RFC 9530 §2
  const created = Math.floor(now / 1000);
  // Labels: `binding` as in the draft's vector; `binding0…` (as cloudflare/web-bot-auth) for several keys.
  const signed = keys.map((key, i) =>
    signComponents({
      label: keys.length === 1 ? "binding" : `binding${i}`,
      components: [
        { name: "@authority", params: [["req", true]], value: authority.toLowerCase() },
        { name: "content-digest", value: digest },
      ],
      params: [
        ["created", created],
        ["expires", created + ttlSeconds],
        ["keyid", key.keyid],
        ["tag", DIRECTORY_TAG],
      ],
      privateKey: key.privateKey,
    }),
  );
  return {
    "Content-Digest": digest,
    "Signature-Input": signed.map((s) => s.signatureInput).join(", "),
    Signature: signed.map((s) => s.signature).join(", "),
  };
}

/** RFC 9421 §2.2.3: the target authority per RFC 9110 §4.2.3 (lower-case host, default port omitted). */
export function authorityOf(url: string | URL): string {
  const target = new URL(url); // WHATWG URL lower-cases and IDNA-encodes the host and drops :80/:443
  if (target.protocol !== "https:" && target.protocol !== "http:") throw new TypeError(`cannot sign a ${target.protocol} request`);
  return target.host;
}

function agentOrigin(value: string): string {
  const origin = URL.canParse(value) ? new URL(value).origin : "null";
  // httpsig-protocol-02 `directory` type: the member value MUST be an origin, scheme https.
  if (!origin.startsWith("https://") || value.replace(/\/$/, "") !== origin) {
    throw new TypeError(`Signature-Agent must be an https origin like https://example.org, got "${value}"`);
  }
  return origin;
}

function componentId(c: Component): string {
  // RFC 9421 §2.1: component names are lower case; identifiers are sf-strings with parameters.
  if (c.name !== c.name.toLowerCase()) throw new TypeError(`component name "${c.name}" must be lower case`);
  return sfString(c.name) + (c.params ?? []).map(([k, v]) => (v === true ? `;${sfKey(k)}` : `;${sfKey(k)}=${sfString(v)}`)).join("");
}

/** RFC 9651 §4.1.6: printable ASCII only; `"` and `\` escaped. */
function sfString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new TypeError(`not a Structured Field string: ${JSON.stringify(value)}`);
  return `"${value.replace(/[\\"]/g, "\\$&")}"`;
}

/** RFC 9651 §4.1.1.3: keys start with a lower-case letter or `*`. */
function sfKey(key: string): string {
  if (!/^[a-z*][a-z0-9_\-.*]*$/.test(key)) throw new TypeError(`not a Structured Field key: "${key}"`);
  return key;
}

/** RFC 9651 §4.1.4 (integers, at most 15 digits) or §4.1.6 (strings). */
function sfBare(value: string | number): string {
  if (typeof value === "string") return sfString(value);
  if (!Number.isInteger(value) || Math.abs(value) > 999_999_999_999_999) throw new TypeError(`not a Structured Field integer: ${value}`);
  return String(value);
}
