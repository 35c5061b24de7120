import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../lib/config";
import { parseChangelog } from "../../../lib/changelog";
import { readChangelog } from "../../../lib/changelog-file";
import { botPageData, IPS_JSON_PATH, KEY_DIRECTORY_PATH, TDMREP_PATH } from "../../../lib/pages/bot-page";

describe("botPageData", () => {
  it("ID-4: the bot page states the configured intervals, UA and contacts", () => {
    const defaults = botPageData(loadConfig({}));
    expect(defaults.identity.userAgent).toBe("HemeroscopioBot/1.0 (+https://hemeroscopio.org/bot; bot@hemeroscopio.org)");
    expect(defaults.identity.from).toBe("bot@hemeroscopio.org");
    expect(defaults.schedule.feeds).toBe("cada 10 minutos");
    expect(defaults.schedule.sitemaps).toBe("cada 15 minutos");
    expect(defaults.limits.pacing).toBe("3–5 segundos");

    const changed = botPageData(
      loadConfig({
        HEMEROSCOPIO_BOT_NAME: "MedidorBot",
        HEMEROSCOPIO_BOT_VERSION: "2.3",
        HEMEROSCOPIO_SITE_URL: "https://observatorio.example/",
        HEMEROSCOPIO_BOT_EMAIL: "rastreador@observatorio.example",
        HEMEROSCOPIO_CONTACT_EMAIL: "hola@observatorio.example",
        HEMEROSCOPIO_EGRESS_IPS: "192.0.2.10, 2001:db8::10",
        HEMEROSCOPIO_FEED_INTERVAL_MIN: "7",
        HEMEROSCOPIO_SITEMAP_INTERVAL_MIN: "60",
        HEMEROSCOPIO_ARTICLE_DAILY_BUDGET: "1",
        HEMEROSCOPIO_PACING_MIN_MS: "2500",
        HEMEROSCOPIO_PACING_MAX_MS: "8000",
      }),
    );
    expect(changed.identity.userAgent).toBe("MedidorBot/2.3 (+https://observatorio.example/bot; rastreador@observatorio.example)");
    expect(changed.identity.from).toBe("rastreador@observatorio.example");
    expect(changed.identity.productToken).toBe("MedidorBot");
    expect(changed.identity.robotsExample).toBe("User-agent: MedidorBot\nDisallow: /");
    expect(changed.identity.signatureAgent).toBe("https://observatorio.example");
    expect(changed.identity.egressIps).toEqual(["192.0.2.10", "2001:db8::10"]);
    expect(changed.contacts).toMatchObject({ bot: "rastreador@observatorio.example", general: "hola@observatorio.example" });
    expect(changed.schedule.feeds).toBe("cada 7 minutos");
    expect(changed.schedule.sitemaps).toBe("cada hora");
    expect(changed.schedule.articleBudget).toBe("1 artículo");
    expect(changed.limits.pacing).toBe("2,5–8 segundos");
  });

  it("ID-4: the bot page gives separate, configurable addresses for technical questions, publishers and privacy", () => {
    expect(botPageData(loadConfig({})).contacts).toEqual({
      bot: "bot@hemeroscopio.org",
      publishers: "editores@hemeroscopio.org",
      privacy: "privacidad@hemeroscopio.org",
      general: "contacto@hemeroscopio.org",
    });
    const changed = botPageData(
      loadConfig({
        HEMEROSCOPIO_PUBLISHERS_EMAIL: "medios@observatorio.example",
        HEMEROSCOPIO_PRIVACY_EMAIL: "datos@observatorio.example",
      }),
    );
    expect(changed.contacts).toMatchObject({ publishers: "medios@observatorio.example", privacy: "datos@observatorio.example" });
    expect(() => loadConfig({ HEMEROSCOPIO_PRIVACY_EMAIL: "no es un correo" })).toThrow(/HEMEROSCOPIO_PRIVACY_EMAIL/);
  });

  it("ID-4: the bot page states its last revision: the date and version of the newest release of CHANGELOG.md that changed it", () => {
    const releases = parseChangelog(
      "# Changelog\n\n## 0.3.0 (2027-02-01)\n\n- /editores: Otra cosa.\n\n## 0.2.0 (2027-01-10)\n\n- /bot: Leemos más despacio.\n\n## 0.1.0 (2026-12-05)\n\n- /bot: Primera versión.\n",
    );
    expect(botPageData(loadConfig({}), releases).revision).toBe("10 de enero de 2027 (versión 0.2.0)");
    expect(botPageData(loadConfig({}), []).revision).toBe("sin revisión anotada en el registro de cambios");
    const shipped = readChangelog();
    expect(botPageData(loadConfig({}), shipped).revision).toMatch(/^\d{1,2} de [a-z]+ de \d{4} \(versión \d+\.\d+\.\d+\)$/);
  });

  it("ID-4: the bot page states the configured response limits and robots.txt 4xx policy", () => {
    const defaults = botPageData(loadConfig({}));
    expect(defaults.limits).toMatchObject({
      connectTimeout: "10 segundos",
      totalTimeout: "30 segundos",
      maxBody: "10 MiB",
      maxSitemap: "50 MiB",
      maxRedirects: "5 redirecciones",
      retryAfterGiveUp: "6 horas",
      robotsCache: "24 horas",
      probeEvery: "cada hora",
    });
    expect(defaults.schedule).toMatchObject({
      frontPage: "15, 30 o 60 minutos",
      night: "entre la 01:00 y las 06:00",
      articleBudget: "500 artículos",
      legalNotices: "cada 30 días",
    });
    expect(defaults.robots4xx).toBe("not-read");

    const changed = botPageData(
      loadConfig({
        HEMEROSCOPIO_CONNECT_TIMEOUT_MS: "5000",
        HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "90000",
        HEMEROSCOPIO_MAX_BODY_BYTES: String(512 * 1024),
        HEMEROSCOPIO_MAX_REDIRECTS: "1",
        HEMEROSCOPIO_RETRY_AFTER_GIVE_UP_HOURS: "1",
        HEMEROSCOPIO_ROBOTS_4XX: "allow-all",
      }),
    );
    expect(changed.limits).toMatchObject({
      connectTimeout: "5 segundos",
      totalTimeout: "90 segundos",
      maxBody: "512 KiB",
      maxRedirects: "1 redirección",
      retryAfterGiveUp: "1 hora",
    });
    expect(changed.robots4xx).toBe("allow-all");
  });

  it("ID-4: the bot page links the address list, the key directory and the TDM declaration", () => {
    expect(botPageData(loadConfig({})).paths).toEqual({
      ipsJson: IPS_JSON_PATH,
      keyDirectory: KEY_DIRECTORY_PATH,
      tdmrep: TDMREP_PATH,
    });
    expect(KEY_DIRECTORY_PATH).toBe("/.well-known/http-message-signatures-directory");
  });
});
