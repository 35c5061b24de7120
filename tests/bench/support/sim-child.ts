/**
 * Entry point of the simulated web in its own process, so that the worker's CPU can be
 * measured apart from the server's (`fork`ed by sim-process.ts with `--import tsx`).
 * argv: outlet count, access-log path. It tells its parent the port, and on "stop"
 * closes (flushing the access log) and reports its own CPU time.
 */
import { realClock, startSimulatedWeb } from "../../sim/index";

const [count, accessLogPath] = process.argv.slice(2);
const sim = await startSimulatedWeb({ clock: realClock, outlets: Number(count), accessLogPath });
process.send?.({ type: "ready", port: sim.port, resolveRule: sim.resolveRule });
process.on("message", (message: { type?: string }) => {
  if (message.type !== "stop") return;
  void sim.close().then(() => {
    const cpu = process.cpuUsage();
    process.send?.({ type: "stopped", cpuSeconds: (cpu.user + cpu.system) / 1e6 }, () => process.exit(0));
  });
});
// The parent going away (even killed) ends the simulator too.
process.on("disconnect", () => process.exit(0));
