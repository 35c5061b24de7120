/** The silence rule and its measured false positives (SPEC DER-11). */
import { SILENCE_FALSE_POSITIVES as FP } from "@/lib/analysis/silence-evaluation";
import { carriersNeeded, DEFAULT_SILENCE_RULE as RULE, FOLLOWED_HOURS_SHARE, SILENCE_DAYS } from "@/lib/analysis/silences";
import { formatPercent } from "@/lib/pages/period";

export function Silences() {
  const rate = FP.falsePositives / FP.silences;
  return (
    <section aria-labelledby="silencios">
      <h2 id="silencios">Silencios</h2>
      <p>
        Un silencio es una historia que contaron al menos el {formatPercent(RULE.share)} de las cabeceras que seguimos en los últimos{" "}
        {SILENCE_DAYS} días, y nunca menos de {RULE.minCarriers} cabeceras, y que una cabecera no publicó, o publicó sin llevarla nunca a
        los {RULE.topRank} primeros puestos de su portada (esto último solo si no pidió «sin posición»). Seguimos una cabecera en el periodo
        si capturamos su portada en al menos {formatPercent(FOLLOWED_HOURS_SHARE)} de las horas desde que empezamos a recoger: una portada
        cerrada o bloqueada la mayor parte del tiempo no cuenta ni para la proporción ni para sus silencios. Tampoco cuenta una cabecera que
        pidió «sin anotación de modelo»: no agrupamos sus noticias en historias, así que no sabemos cuáles contó. Con menos de{" "}
        {RULE.minFollowed} cabeceras seguidas no juzgamos nada y la página dice «no medible».
      </p>
      <p>
        Por qué no «la mayoría»: las noticias se reparten entre muchas cabeceras. Con 30 seguidas, la historia más contada de un día llega a
        unas 12, así que una regla del 70 % no encontraría nunca nada y cada página diría «ninguno», que se leería como un aprobado. Con el{" "}
        {formatPercent(RULE.share)} y un mínimo de {RULE.minCarriers}, una historia cuenta si la dieron {carriersNeeded(30)} de 30
        cabeceras, o {carriersNeeded(8)} de 8. Cuando ninguna historia del periodo alcanza ese umbral, no había nada ampliamente compartido
        que callar: la página lo dice y no da un «ninguno». Cuando haya grupos de cabeceras (nacionales, regionales), cada una se comparará
        solo con las de su grupo.
      </p>
      <p>
        El error más probable es nuestro: si agrupamos la noticia de una cabecera en otra historia, parece que no la dio. Lo medimos sobre
        datos simulados, no reales: en nuestra web simulada sabemos qué cabecera cubrió cada suceso. En {FP.outlets} cabeceras simuladas,{" "}
        {FP.seeds.length} semillas de {FP.hours} horas, la regla encontró {FP.silences} silencios y {FP.falsePositives}{" "}
        {FP.falsePositives === 1 ? "era falso" : "eran falsos"} (la cabecera sí contó el suceso, en una historia que separamos): un{" "}
        {formatPercent(rate)}
        {rate > 0 && rate < 0.005 ? " (menos del 1 %)" : ""}. En datos reales, con titulares más variados, esperamos más; por eso cada
        silencio enlaza a su historia para comprobarlo.
      </p>
    </section>
  );
}
