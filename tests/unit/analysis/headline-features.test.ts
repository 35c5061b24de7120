import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CLICKBAIT_PATTERNS, clickbaitPatterns } from "../../../lib/analysis/clickbait";
import { headlineFeatures, type HeadlineFeatures } from "../../../lib/analysis/headline-features";
import { loadLanguageDetector, type DetectLanguage } from "../../../lib/analysis/language";
import { LANGUAGE_SAMPLES } from "../../../lib/analysis/language-samples";
import { sha256Hex } from "../../../lib/analysis/framing-model";
import { LANGUAGE_MODEL } from "../../../lib/analysis/models-in-use";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const spanish: DetectLanguage = () => "es";
const base = (over: Partial<HeadlineFeatures>) => over;

describe("headline features (DER-1)", () => {
  it.each([
    [
      "El Gobierno aprueba la subida del salario mínimo",
      base({
        chars: 48,
        words: 8,
        isQuestion: false,
        isExclamation: false,
        hasQuote: false,
        hasNumber: false,
        firstOrSecondPerson: false,
        hasColonOrDash: false,
        capitalisedTokens: 1,
        clickbaitPatterns: [],
      }),
    ],
    [
      "¿Qué pasa si no presento la declaración de la renta a tiempo?",
      base({
        isQuestion: true,
        words: 12,
        capitalisedTokens: 0,
        firstOrSecondPerson: false,
        clickbaitPatterns: ["pregunta-anticipada", "lo-que-pasa-si", "pregunta"],
      }),
    ],
    ["¡Por fin! La Selección gana la Eurocopa", base({ isExclamation: true, hasColonOrDash: false, capitalisedTokens: 2 })],
    [
      "Feijóo: «El Gobierno está agotado y nos lleva al abismo»",
      base({ hasQuote: true, hasColonOrDash: true, firstOrSecondPerson: false, capitalisedTokens: 1 }),
    ],
    [
      "«No vamos a dimitir»: el alcalde responde a la oposición",
      base({ hasQuote: true, hasColonOrDash: true, firstOrSecondPerson: false }),
    ],
    ["Ayuso, sobre el 'caso Koldo': \"Que den explicaciones\"", base({ hasQuote: true, hasColonOrDash: true })],
    ["La inflación baja al 2,3% en octubre", base({ hasNumber: true, words: 7 })],
    [
      "Cinco claves para entender la reforma de las pensiones",
      base({ hasNumber: true, clickbaitPatterns: ["lista-numerada", "claves-para"] }),
    ],
    ["El tren llega a las 10:30 a Sevilla", base({ hasColonOrDash: false, hasNumber: true, capitalisedTokens: 1 })],
    ["Las obras del AVE Madrid-Barcelona: tres meses de retraso", base({ hasColonOrDash: true, hasNumber: true, capitalisedTokens: 3 })],
    ["Sánchez — el presidente que resiste", base({ hasColonOrDash: true, capitalisedTokens: 0 })],
    ["Te contamos cómo pedir el bono social", base({ firstOrSecondPerson: true, clickbaitPatterns: ["te-contamos", "de-tu"] })],
    ["Lo que nadie te cuenta sobre las hipotecas", base({ firstOrSecondPerson: true, clickbaitPatterns: ["lo-que-nadie", "de-tu"] })],
    [
      "No te lo vas a creer: el truco para ahorrar en la factura del gas",
      base({ firstOrSecondPerson: true, hasColonOrDash: true, clickbaitPatterns: ["no-te-lo-creeras", "el-truco", "de-tu"] }),
    ],
    ["Así es la nueva casa de Shakira en Miami", base({ clickbaitPatterns: ["esto-es-lo-que"], capitalisedTokens: 2 })],
    ["El vídeo de una niña bailando con su abuelo se hace viral", base({ clickbaitPatterns: ["el-gesto", "viral"] })],
    ["La OTAN y la UE refuerzan el flanco este", base({ capitalisedTokens: 2 })],
    ["ÚLTIMA HORA | Terremoto en Turquía", base({ hasColonOrDash: true, capitalisedTokens: 3 })],
    ["Mira la luna llena de esta noche", base({ clickbaitPatterns: ["imperativo"] })],
  ])("DER-1: %j", (headline, expected) => {
    expect(headlineFeatures(headline, spanish)).toMatchObject({ ...expected, language: "es" });
  });

  it("DER-1: characters count code points of the normalised text, words count tokens", () => {
    const f = headlineFeatures("  Sánchez   y Feijóo\tchocan  ", null);
    expect(f).toMatchObject({ chars: 23, words: 4, language: null });
  });

  it("DER-1: Spanish markers do not fire on other languages (Galician 'os' is an article)", () => {
    const f = headlineFeatures("Os veciños de Vigo protestan polo peche do centro de saúde", () => "gl");
    expect(f).toMatchObject({ firstOrSecondPerson: false, clickbaitPatterns: [], language: "gl" });
  });

  it("DER-1: every clickbait pattern has a unique id and a description, and a plain headline matches none", () => {
    expect(new Set(CLICKBAIT_PATTERNS.map((p) => p.id)).size).toBe(CLICKBAIT_PATTERNS.length);
    for (const p of CLICKBAIT_PATTERNS) expect(p.description.length).toBeGreaterThan(5);
    expect(clickbaitPatterns("El Congreso rechaza la moción de censura")).toEqual([]);
  });
});

describe("headline language (DER-1)", () => {
  let detect: DetectLanguage;
  beforeAll(async () => {
    detect = await loadLanguageDetector();
  });

  it("DER-1: fastText's lid.176 loads from the package and reads short Spanish headlines", () => {
    const spanishSamples = LANGUAGE_SAMPLES.filter(([l]) => l === "es");
    const right = spanishSamples.filter(([l, h]) => detect(h) === l).length;
    expect(right / spanishSamples.length).toBeGreaterThanOrEqual(0.95);
  });

  it("DER-1: it tells the other languages of Spanish outlets apart on most samples", () => {
    const right = LANGUAGE_SAMPLES.filter(([l, h]) => detect(h) === l).length;
    expect(right / LANGUAGE_SAMPLES.length).toBeGreaterThanOrEqual(0.9);
    expect(detect("12.000")).toBeNull();
  });

  it("DER-1: the hash we publish for the language model is that of the file inside the installed package", () => {
    // The package exports no package.json; its main file lives in dist/.
    const pkg = path.resolve(path.dirname(createRequire(import.meta.url).resolve(LANGUAGE_MODEL.npmPackage)), "..");
    const installed = JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")) as { version: string };
    expect(installed.version).toBe(LANGUAGE_MODEL.version);
    expect(sha256Hex(fs.readFileSync(path.join(pkg, LANGUAGE_MODEL.file)))).toBe(LANGUAGE_MODEL.sha256);
  });
});
