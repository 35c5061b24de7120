/**
 * The site's own secret on disk (SEC-2): 32 random bytes under the data directory, made on
 * first use, readable only by us. Shared by the site's processes (form tokens, address
 * hashes, the operator's one-time codes) and by `npm start`, which prints the setup code.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The secret kept in `<dataDir>/form-secret`, created when missing. */
export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "form-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(32).toString("hex");
    try {
      fs.writeFileSync(file, fresh, { mode: 0o600, flag: "wx" });
      return fresh;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another process made it first
    }
  }
}
