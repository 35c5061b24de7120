/**
 * The clickbait formulas (SPEC DER-1): each formula added from the Spanish teasers of TA1C's
 * training split catches its shape, questions and «tú» in someone's quoted words are theirs,
 * and plain news headlines match none. Headlines here are written for the test.
 */
import { describe, expect, it } from "vitest";
import { clickbaitPatterns } from "../../../lib/analysis/clickbait";

describe("clickbait formulas (DER-1)", () => {
  it.each([
    ["Por qué los precios del alquiler no bajan", "pregunta-anticipada"],
    ["Qué es la dana y cómo se forma", "pregunta-anticipada"],
    ["Vivienda: cuánto cuesta alquilar un piso en Valencia", "pregunta-anticipada"],
    ["Quién es Marta Ruiz, la nueva fiscal general", "pregunta-anticipada"],
    ["El nuevo iPhone ya está aquí: estas son sus novedades", "esto-es-lo-que"],
    ["Golpe de calor: así debes actuar", "esto-es-lo-que"],
    ["Verano: 7 destinos para escapar del calor", "lista-numerada"],
    ["Estas 6 señales indican que duermes mal", "lista-numerada"],
    ["Consejos para ahorrar en la factura de la luz", "claves-para"],
    ["Le contamos cómo pedir la ayuda del alquiler", "te-contamos"],
    ["Conozca los horarios del metro en Nochevieja", "te-contamos"],
    ["El curioso hábito de los vecinos de un pueblo de Soria", "emocion"],
    ["La historia detrás del cartel más famoso de Madrid", "caso-curioso"],
    ["El gesto de Alcaraz con un recogepelotas en Roland Garros", "el-gesto"],
    ["¿Habrá huelga de médicos en enero?", "pregunta"],
    ["Si tienes más de 50 años, esto te interesa", "de-tu"],
    ["Todo lo que se sabe del apagón", "lo-que-debes-saber"],
  ])("DER-1: %j shows the formula %s", (headline, id) => {
    expect(clickbaitPatterns(headline)).toContain(id);
  });

  it.each([
    "El Gobierno aprueba la subida del salario mínimo",
    "Feijóo: «¿Por qué no convoca elecciones?»",
    "«¿Tú sabes lo que has hecho?», pregunta la jueza al acusado",
    '"¿Dónde está mi hijo?": la madre del desaparecido pide ayuda',
    "Tres detenidos por el robo en una joyería de Bilbao",
    "La inflación baja al 2,3 % en octubre",
    "El Congreso rechaza la moción de censura",
  ])("DER-1: %j matches no formula", (headline) => {
    expect(clickbaitPatterns(headline)).toEqual([]);
  });
});
