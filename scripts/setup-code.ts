/**
 * What `npm start` tells a site that has no operator yet (SPEC ADM-1): the setup code that
 * `/admin/configurar` asks for (lib/admin/one-time-codes.ts), so only who reads this log
 * can create the operator account.
 */
import type postgres from "postgres";
import type { Config } from "../lib/config";
import type { Logger } from "../lib/log";
import { setupCode } from "../lib/admin/one-time-codes";
import { readOrCreateSecret } from "../lib/forms/secret-file";

/** Log the setup code while no operator exists and the deployment gives no hash; the code, or undefined. */
export async function announceSetupCode(
  sql: postgres.Sql,
  config: Pick<Config, "dataDir" | "operatorPasswordHash" | "host" | "port">,
  log: Logger,
): Promise<string | undefined> {
  if (config.operatorPasswordHash) return undefined;
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from operator`;
  if ((row?.n ?? 0) > 0) return undefined;
  const code = setupCode(readOrCreateSecret(config.dataDir));
  log.warn("operator.setup_code", {
    code,
    url: `http://${config.host}:${config.port}/admin/configurar`,
    note: "no operator yet: create the account there with this code",
  });
  return code;
}
