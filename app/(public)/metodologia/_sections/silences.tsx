/** The silence rule and its measured false positives (SPEC DER-11). */
import { SILENCE_FALSE_POSITIVES as FP } from "@/lib/analysis/silence-evaluation";
import { DEFAULT_SILENCE_RULE as RULE, FOLLOWED_HOURS_SHARE, SILENCE_DAYS } from "@/lib/analysis/silences";
import { formatPercent } from "@/lib/pages/period";

export function Silences() {
  const rate = FP.falsePositives / FP.silences;
  return (
    <section aria-labelledby="silencios">
      <h2 id="silencios">Silencios</h2>
      <p>
        Un silencio es una historia que contaron al menos el {formatPercent(RULE.share)} de las cabeceras que seguimos en los últimos{" "}
        {SILENCE_DAYS} días y que una cabecera no publicó, o publicó sin llevarla nunca a los {RULE.topRank} primeros puestos de su portada
        (esto último solo si no pidió «sin posición»). Seguimos una cabecera en el periodo si capturamos su portada en al menos{" "}
        {formatPercent(FOLLOWED_HOURS_SHARE)} de las horas desde que empezamos a recoger: una portada cerrada o bloqueada la mayor parte del
        tiempo no cuenta ni para la proporción ni para sus silencios. Tampoco cuenta una cabecera que pidió «sin anotación de modelo»: no
        agrupamos sus noticias en historias, así que no sabemos cuáles contó. Con menos de {RULE.minFollowed} cabeceras seguidas no juzgamos
        nada.
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
