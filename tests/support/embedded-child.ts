/** A process that starts the embedded server on argv[2], says READY, and waits to be killed. */
import { startEmbeddedPostgres } from "../../db/embedded";

const server = await startEmbeddedPostgres(process.argv[2]!);
process.stdout.write(`READY ${server.owned} ${server.url}\n`);
setInterval(() => {}, 1 << 30);
