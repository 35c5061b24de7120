/** What we knew of a front page at a minute, in reader words (SPEC WEB-5, WEB-7: honest about gaps). */
import { failureWords, type CaptureState } from "@/lib/pages/capture-state";
import { SITE_TIME_ZONE } from "@/lib/pages/time-zone";
import { Moment } from "../moment";

/** A notice for every state but "captured"; `capture` is the successful capture shown below, if any. */
export function CaptureNotice({ state, capture }: { state: CaptureState; capture: number | null }) {
  const shown =
    capture === null ? null : (
      <>
        {" "}
        Debajo, la última captura correcta anterior, del <Moment at={capture} timeZone={SITE_TIME_ZONE} />.
      </>
    );
  const text = (() => {
    switch (state.kind) {
      case "captured":
        return null;
      case "future":
        return <>Esa hora todavía no ha llegado.{shown}</>;
      case "never":
        return <>Todavía no hemos capturado esta portada con éxito: no hay posiciones que mostrar.</>;
      case "before-first":
        return (
          <>
            Esa hora es anterior a nuestra primera captura correcta de esta portada, del{" "}
            <Moment at={state.firstOk} timeZone={SITE_TIME_ZONE} />.
          </>
        );
      case "blocked":
        return (
          <>
            A esa hora la cabecera nos impedía leer su portada (acceso denegado o desafío) desde el{" "}
            <Moment at={state.since} timeZone={SITE_TIME_ZONE} />: no sabemos qué mostraba.{shown}
          </>
        );
      case "failed":
        return (
          <>
            A esa hora nuestras capturas de la portada fallaban ({failureWords(state.outcome)}) desde el{" "}
            <Moment at={state.since} timeZone={SITE_TIME_ZONE} />: no sabemos si cambió.{shown}
          </>
        );
      case "silent":
        return (
          <>
            No hay capturas de esta portada entre el <Moment at={state.since} timeZone={SITE_TIME_ZONE} /> y esa hora: no sabemos si cambió.
            {shown}
          </>
        );
    }
  })();
  return text === null ? null : (
    <p className="notice" data-testid="capture-state" data-state={state.kind}>
      {text}
    </p>
  );
}
