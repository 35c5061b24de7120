/**
 * The site's own secret for signing form tokens and salting address hashes (SEC-2): 32
 * random bytes kept under the data directory, made on first use, readable only by us.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { appConfig } from "../../db/server";

let secret: string | undefined;

/** The secret, created on first use. */
export function siteSecret(): string {
  if (secret) return secret;
  const file = path.join(appConfig().dataDir, "form-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(32).toString("hex");
    try {
      fs.writeFileSync(file, fresh, { mode: 0o600, flag: "wx" });
      secret = fresh;
    } catch {
      secret = fs.readFileSync(file, "utf8").trim(); // another process made it first
    }
  }
  return secret!;
}
