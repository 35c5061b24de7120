/**
 * The crawler's Web Bot Auth key pair (SPEC ID-3): one Ed25519 key, made on first start and
 * kept under `dataDir/keys/` (the private key never leaves the server), and the public key
 * directory the site serves (draft-meunier-webbotauth-httpsig-protocol-02 "Directory Format").
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** Media type of the key directory (httpsig-protocol-02 "Directory Format", IANA Media Types). */
export const KEY_DIRECTORY_MEDIA_TYPE = "application/http-message-signatures-directory+json";

/** Name of the private key file under `dataDir/keys/` (PKCS#8 PEM, mode 0600). */
export const SIGNING_KEY_FILE = "web-bot-auth-ed25519.pem";

/** An Ed25519 public key as a JWK (RFC 8037 §2), public members only. */
export interface PublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
}

/** The crawler's signing key: private half, public JWK and its `keyid`. */
export interface SigningKey {
  privateKey: KeyObject;
  publicJwk: PublicJwk;
  /** RFC 7638 JWK SHA-256 thumbprint, base64url (httpsig-protocol-02 `keyid`). */
  keyid: string;
}

/** One directory entry: the public JWK, `kid` = its thumbprint, for signatures only. */
export interface DirectoryJwk extends PublicJwk {
  kid: string;
  use: "sig";
}

/** The body of `/.well-known/http-message-signatures-directory`: a JWK Set (RFC 7517 §5). */
export interface KeyDirectory {
  keys: DirectoryJwk[];
}

/** RFC 7638 §3 thumbprint of an Ed25519 JWK (members per RFC 8037 App. A.3), base64url. */
export function jwkThumbprint(jwk: PublicJwk): string {
  // RFC 7638 §3.2: only the required members, in lexicographic order, no whitespace.
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash("sha256").update(canonical, "utf8").digest("base64url");
}

/** Wrap an Ed25519 private key as a `SigningKey` (derives the public JWK and `keyid`). */
export function signingKeyFrom(privateKey: KeyObject): SigningKey {
  if (privateKey.type !== "private" || privateKey.asymmetricKeyType !== "ed25519") {
    throw new TypeError(`Web Bot Auth needs an Ed25519 private key, got a ${privateKey.asymmetricKeyType ?? "?"} ${privateKey.type} key`);
  }
  const { x } = createPublicKey(privateKey).export({ format: "jwk" });
  if (typeof x !== "string") throw new TypeError("Ed25519 public key has no x coordinate");
  const publicJwk: PublicJwk = { kty: "OKP", crv: "Ed25519", x };
  return { privateKey, publicJwk, keyid: jwkThumbprint(publicJwk) };
}

/** The key kept under `dataDir/keys/`, made on first start; concurrent first starts agree on one. */
export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const dir = path.join(dataDir, "keys");
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700); // mkdir's mode is masked by umask and ignored if the directory existed
  const file = path.join(dir, SIGNING_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await publishNewKey(file);
  // Re-read rather than use the key we made: another process may have published first.
  const kept = await readKeyFile(file);
  if (!kept) throw new Error(`${file} vanished right after it was created`);
  return kept;
}

/** The JSON body of the key directory for `keys` (httpsig-protocol-02 "Directory Format"). */
export function publicKeyDirectory(keys: ReadonlyArray<Pick<SigningKey, "publicJwk">>): KeyDirectory {
  // `kid`, if present, MUST equal the thumbprint: compute it here instead of trusting a field.
  // Member order matches the draft's signed directory test vector; no private member (`d`) is copied.
  return {
    keys: keys.map(({ publicJwk: { x } }) => ({
      kty: "OKP",
      crv: "Ed25519",
      kid: jwkThumbprint({ kty: "OKP", crv: "Ed25519", x }),
      x,
      use: "sig",
    })),
  };
}

async function readKeyFile(file: string): Promise<SigningKey | undefined> {
  let pem: string;
  try {
    pem = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const { mode } = await fs.stat(file);
  if ((mode & 0o077) !== 0) await fs.chmod(file, 0o600); // someone loosened it: the private key is ours alone
  try {
    return signingKeyFrom(createPrivateKey({ key: pem, format: "pem" }));
  } catch (error) {
    // Never overwrite a key file we cannot read: it may be the key origins already know.
    throw new Error(`${file} is not an Ed25519 private key in PKCS#8 PEM; move it aside to make a new key`, { cause: error });
  }
}

async function publishNewKey(file: string): Promise<void> {
  const { privateKey } = generateKeyPairSync("ed25519");
  const pem = privateKey.export({ format: "pem", type: "pkcs8" });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await fs.open(temp, "wx", 0o600);
  try {
    await handle.writeFile(pem, "utf8");
    await handle.sync(); // complete on disk before it gets its public name
  } finally {
    await handle.close();
  }
  try {
    // link(2) never replaces an existing name (EEXIST), unlike rename(2): the first process wins.
    await fs.link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
}
