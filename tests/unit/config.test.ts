import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../lib/config";

describe("configuration", () => {
  it("ID-1: the default identity is HemeroscopioBot/1.0 with its page and mail", () => {
    const c = loadConfig({});
    expect(c.bot.userAgent).toBe("HemeroscopioBot/1.0 (+https://hemeroscopio.org/bot; bot@hemeroscopio.org)");
    expect(c.bot.email).toBe("bot@hemeroscopio.org");
    expect(c.bot.productToken).toBe("hemeroscopiobot");
  });

  it("ID-1: a deployment's own domain and mail change the User-Agent", () => {
    const c = loadConfig({ HEMEROSCOPIO_SITE_URL: "https://observatorio.example/", HEMEROSCOPIO_BOT_EMAIL: "ops@observatorio.example" });
    expect(c.bot.userAgent).toBe("HemeroscopioBot/1.0 (+https://observatorio.example/bot; ops@observatorio.example)");
  });

  it("SCH-1, POL-1, POL-5, BLK-3: SPEC's defaults apply when nothing is set", () => {
    const c = loadConfig({});
    expect(c.schedule.feedIntervalMinutes).toBe(10);
    expect(c.schedule.sitemapIntervalMinutes).toBe(15);
    expect(c.schedule.frontPageMinutes).toEqual({ busy: 15, calm: 30, still: 60 });
    expect(c.schedule.articleDailyBudget).toBe(500);
    expect(c.schedule.workerConcurrency).toBe(32);
    expect([c.politeness.pacingMinMs, c.politeness.pacingMaxMs]).toEqual([3000, 5000]);
    expect([c.politeness.connectTimeoutMs, c.politeness.totalTimeoutMs]).toEqual([10_000, 30_000]);
    expect(c.politeness.maxBodyBytes).toBe(10 * 1024 * 1024);
    expect(c.politeness.maxSitemapBytes).toBe(50 * 1024 * 1024);
    expect(c.politeness.maxRedirects).toBe(5);
    expect(c.politeness.retryAfterGiveUpMs).toBe(6 * 3_600_000);
    expect(c.politeness.robots4xx).toBe("not-read");
    expect(c.port).toBe(3000);
    expect(c.dataDir.endsWith("/data")).toBe(true);
  });

  it("reads the resolve override as curl-style host=address:port rules", () => {
    const c = loadConfig({ HEMEROSCOPIO_RESOLVE: "*.test=127.0.0.1:8081, a.example=[::1]:9000" });
    expect(c.resolve).toEqual([
      { pattern: "*.test", address: "127.0.0.1", port: 8081 },
      { pattern: "a.example", address: "::1", port: 9000 },
    ]);
  });

  it("OPS-7: DATABASE_READ_URL takes the public reads beside DATABASE_URL, and is refused without it", () => {
    const both = loadConfig({ DATABASE_URL: "postgres://primary/h", DATABASE_READ_URL: "postgres://replica/h" });
    expect(both).toMatchObject({ databaseUrl: "postgres://primary/h", databaseReadUrl: "postgres://replica/h" });
    expect(loadConfig({ DATABASE_URL: "postgres://primary/h" }).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://replica/h" })).toThrow(
      /^Invalid configuration: DATABASE_READ_URL is set without DATABASE_URL/,
    );
  });

  it.each([
    ["PORT", "eighty", /PORT/],
    ["PORT", "70000", /PORT/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL must start with postgres/],
    ["DATABASE_READ_URL", "mysql://x", /DATABASE_READ_URL must start with postgres/],
    ["HEMEROSCOPIO_RESOLVE", "*.test=127.0.0.1", /HEMEROSCOPIO_RESOLVE/],
    ["HEMEROSCOPIO_SITE_URL", "not a url", /HEMEROSCOPIO_SITE_URL/],
    ["HEMEROSCOPIO_BOT_EMAIL", "nobody", /HEMEROSCOPIO_BOT_EMAIL/],
    ["HEMEROSCOPIO_ROBOTS_4XX", "maybe", /HEMEROSCOPIO_ROBOTS_4XX/],
    // STO-6: no window shorter than the 7 days /estado reads, or the 24 h of the login throttle.
    ["HEMEROSCOPIO_RETAIN_REQUESTS_DAYS", "6", /HEMEROSCOPIO_RETAIN_REQUESTS_DAYS/],
    ["HEMEROSCOPIO_RETAIN_FAILED_CAPTURES_DAYS", "6", /HEMEROSCOPIO_RETAIN_FAILED_CAPTURES_DAYS/],
    ["HEMEROSCOPIO_RETAIN_PROBES_DAYS", "6", /HEMEROSCOPIO_RETAIN_PROBES_DAYS/],
    ["HEMEROSCOPIO_RETAIN_FORM_ATTEMPTS_DAYS", "0", /HEMEROSCOPIO_RETAIN_FORM_ATTEMPTS_DAYS/],
    ["HEMEROSCOPIO_BACKUP_KEEP", "0", /HEMEROSCOPIO_BACKUP_KEEP/],
  ])("a bad %s value fails with one line naming it", (name, value, pattern) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(pattern);
    expect(message).not.toContain("\n");
  });

  it("POL-1: a pacing range whose maximum is below its minimum is refused", () => {
    expect(() => loadConfig({ HEMEROSCOPIO_PACING_MIN_MS: "5000", HEMEROSCOPIO_PACING_MAX_MS: "1000" })).toThrow(ConfigError);
  });
  it("ADM-3, OPS-5: mail needs the operator's address; the metrics token must be long; both are off by default", () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const c = loadConfig({
      HEMEROSCOPIO_SMTP_URL: "smtps://u:p@mail.example:465",
      HEMEROSCOPIO_OPERATOR_EMAIL: "ops@example.org",
      HEMEROSCOPIO_BOT_EMAIL: "bot@example.org",
    });
    expect(c.mail).toEqual({ smtpUrl: "smtps://u:p@mail.example:465", to: "ops@example.org", from: "bot@example.org" });
    expect(() => loadConfig({ HEMEROSCOPIO_SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(
      /HEMEROSCOPIO_SMTP_URL is set without HEMEROSCOPIO_OPERATOR_EMAIL/,
    );
    expect(() => loadConfig({ HEMEROSCOPIO_SMTP_URL: "http://mail.example", HEMEROSCOPIO_OPERATOR_EMAIL: "ops@example.org" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ HEMEROSCOPIO_METRICS_TOKEN: "short" })).toThrow(/HEMEROSCOPIO_METRICS_TOKEN/);
    expect(loadConfig({ HEMEROSCOPIO_METRICS_TOKEN: "0123456789abcdef-token" }).metricsToken).toBe("0123456789abcdef-token");
  });

  it("POL-1: a worker keeps as many sites in flight as HEMEROSCOPIO_WORKER_CONCURRENCY says, and at least one", () => {
    expect(loadConfig({ HEMEROSCOPIO_WORKER_CONCURRENCY: "2500" }).schedule.workerConcurrency).toBe(2500);
    expect(() => loadConfig({ HEMEROSCOPIO_WORKER_CONCURRENCY: "0" })).toThrow(/HEMEROSCOPIO_WORKER_CONCURRENCY/);
  });

  it("OPS-6: the site runs one renderer unless HEMEROSCOPIO_SITE_RENDERERS asks for more", () => {
    expect(loadConfig({}).siteRenderers).toBe(1);
    expect(loadConfig({ HEMEROSCOPIO_SITE_RENDERERS: "2" }).siteRenderers).toBe(2);
  });
});
