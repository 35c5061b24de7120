/**
 * Entry point of the simulated web in its own process, so that the worker's CPU can be
 * measured apart from the server's (`fork`ed by sim-process.ts with `--import tsx`).
 * argv: outlet count, access-log path, and optionally a time scale and origin (the
 * worker's HEMEROSCOPIO_TIME_SCALE/ORIGIN, so both read the same clock); SIM_CRAWL_DELAY_S in the
 * environment puts that Crawl-delay in every host's robots.txt, SIM_PUBLISHING sets the
 * share of its usual rate each outlet publishes. It tells its parent the port; "profile" starts a
 * V8 CPU profile and "profile-end" writes it; on "stop" it closes (flushing the access
 * log) and reports its own CPU time and the profile's file.
 */
import { scaledClock } from "../../../lib/clock";
import { realClock, startSimulatedWeb } from "../../sim/index";
import { startCpuProfile } from "./cpu-profile";

type Message = { type?: string; dir?: string; name?: string };

const [count, accessLogPath, scale, origin] = process.argv.slice(2);
const clock = scale ? scaledClock(Number(scale), Number(origin)) : realClock;
const crawlDelay = process.env.SIM_CRAWL_DELAY_S ? Number(process.env.SIM_CRAWL_DELAY_S) : undefined;
const publishing = process.env.SIM_PUBLISHING ? Number(process.env.SIM_PUBLISHING) : undefined;
const sim = await startSimulatedWeb({ clock, outlets: Number(count), accessLogPath, crawlDelay, publishing });
let stopProfile: () => Promise<string | undefined> = async () => undefined;
let profileFile: Promise<string | undefined> = Promise.resolve(undefined);
process.send?.({ type: "ready", port: sim.port, resolveRule: sim.resolveRule });
process.on("message", (message: Message) => {
  if (message.type === "profile") {
    void startCpuProfile(message.dir, message.name ?? "simulator").then((stop) => (stopProfile = stop));
    return;
  }
  if (message.type === "profile-end") {
    profileFile = stopProfile();
    return;
  }
  if (message.type !== "stop") return;
  void profileFile.then(async (file) => {
    await sim.close();
    const cpu = process.cpuUsage();
    process.send?.({ type: "stopped", cpuSeconds: (cpu.user + cpu.system) / 1e6, profileFile: file }, () => process.exit(0));
  });
});
// The parent going away (even killed) ends the simulator too.
process.on("disconnect", () => process.exit(0));
