import { describe, expect, it } from "vitest";
import { parseRobots } from "../../../lib/robots/robots";
import { simOutlets } from "../../sim/outlets";
import { defaultRobotsPlan, renderRobots } from "../../sim/render/robots";

const origin = (host: string) => `http://${host}`;

describe("the simulator's default robots.txt", () => {
  const outlet = simOutlets(2)[1]!;

  it("POL-1, ROB-2: a Crawl-delay asked of the simulator reaches our group on every host role", () => {
    for (const role of ["www", "feeds", "sitemaps"] as const) {
      const robots = parseRobots(renderRobots(defaultRobotsPlan(outlet, role, origin, 0, 40)));
      expect(robots.crawlDelay("HemeroscopioBot")).toBe(40);
    }
  });

  it("POL-1: without one, the default robots.txt sets no Crawl-delay", () => {
    const text = renderRobots(defaultRobotsPlan(outlet, "www", origin, 0));
    expect(text).not.toMatch(/crawl-delay/i);
    expect(parseRobots(text).crawlDelay("HemeroscopioBot")).toBeUndefined();
  });
});
