/** SPEC ID-3: the Web Bot Auth key pair is made once, kept private under dataDir/keys/, and reused. */
import { createPublicKey, generateKeyPairSync, sign, verify } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIGNING_KEY_FILE, loadOrCreateSigningKey } from "../../../lib/web-bot-auth/keys";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

let dataDir: string;
const keysDir = () => path.join(dataDir, "keys");
const keyFile = () => path.join(keysDir(), SIGNING_KEY_FILE);
const modeOf = async (p: string) => (await fs.stat(p)).mode & 0o777;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-keys-"));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("Web Bot Auth signing key", () => {
  it("ID-3: the key pair is made on first start and the same key is reused on later starts", async () => {
    const first = await loadOrCreateSigningKey(dataDir);
    const again = await loadOrCreateSigningKey(dataDir);
    expect(again.keyid).toBe(first.keyid);
    expect(again.publicJwk).toEqual(first.publicJwk);
    expect(first.publicJwk).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    expect(first.keyid).toMatch(/^[A-Za-z0-9_-]{43}$/); // base64url SHA-256
    const message = Buffer.from("hola");
    expect(verify(null, message, createPublicKey(first.privateKey), sign(null, message, again.privateKey))).toBe(true);
  });

  it("ID-3: the private key file is 0600 in a 0700 directory", async () => {
    await loadOrCreateSigningKey(dataDir);
    expect(await modeOf(keysDir())).toBe(0o700);
    expect(await modeOf(keyFile())).toBe(0o600);
    expect(await fs.readFile(keyFile(), "utf8")).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  });

  it("ID-3: a loosened key directory or file is tightened again on start", async () => {
    await loadOrCreateSigningKey(dataDir);
    await fs.chmod(keysDir(), 0o755);
    await fs.chmod(keyFile(), 0o644);
    await loadOrCreateSigningKey(dataDir);
    expect(await modeOf(keysDir())).toBe(0o700);
    expect(await modeOf(keyFile())).toBe(0o600);
  });

  it("ID-3: concurrent first starts end with one key and no temporary files", async () => {
    const keys = await Promise.all(Array.from({ length: 32 }, () => loadOrCreateSigningKey(dataDir)));
    expect(new Set(keys.map((k) => k.keyid)).size).toBe(1);
    expect(await fs.readdir(keysDir())).toEqual([SIGNING_KEY_FILE]);
    expect((await loadOrCreateSigningKey(dataDir)).keyid).toBe(keys[0]!.keyid);
  });

  it("ID-3: an unreadable key file is an error and is never overwritten", async () => {
    await fs.mkdir(keysDir(), { recursive: true });
    await fs.writeFile(keyFile(), "not a key", { mode: 0o600 });
    await expect(loadOrCreateSigningKey(dataDir)).rejects.toThrow(/not an Ed25519 private key/);
    expect(await fs.readFile(keyFile(), "utf8")).toBe("not a key");
  });

  it("ID-3: a key of another type is refused", async () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "pem", type: "pkcs8" });
    await fs.mkdir(keysDir(), { recursive: true });
    await fs.writeFile(keyFile(), rsa, { mode: 0o600 });
    await expect(loadOrCreateSigningKey(dataDir)).rejects.toThrow(/not an Ed25519 private key/);
  });
});
