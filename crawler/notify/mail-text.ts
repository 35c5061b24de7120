/**
 * ADM-3 mail: the plain-text message (Spanish) for new attention items. One item makes a mail
 * of its own; several at once make one digest. It carries the items' titles and details only:
 * outlet names, source addresses, deadlines, error messages, and at most headlines — never
 * article text (STO-3).
 */
import type { AttentionItem } from "../../db/admin-attention";

/** A message to the operator. */
export interface OperatorMail {
  subject: string;
  text: string;
}

const SUBJECT_MAX = 150;

function oneLine(s: string): string {
  return s.replace(/[\r\n\t]+/g, " ").trim();
}

function block(item: AttentionItem, siteUrl: string): string {
  return `${oneLine(item.title)}\n${oneLine(item.detail)}\n${siteUrl}${item.path}`;
}

/** The mail for `items` (at least one), with links to the admin pages of `siteUrl`. */
export function composeOperatorMail(items: AttentionItem[], siteUrl: string): OperatorMail {
  if (items.length === 0) throw new Error("composeOperatorMail needs at least one item");
  const footer = `\n\n--\nTodo lo pendiente: ${siteUrl}/admin/atencion\nHemeroscopio te escribe una vez por aviso.\n`;
  if (items.length === 1) {
    const subject = `Hemeroscopio: ${oneLine(items[0]!.title)}`;
    return {
      subject: subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject,
      text: `${block(items[0]!, siteUrl)}${footer}`,
    };
  }
  return {
    subject: `Hemeroscopio: ${items.length} avisos nuevos`,
    text: `${items.length} avisos nuevos necesitan tu atención:\n\n${items.map((i, n) => `${n + 1}. ${block(i, siteUrl)}`).join("\n\n")}${footer}`,
  };
}

/** The mail sent when the worker cannot reach the database (the attention list lives there). */
export function databaseDownMail(sinceText: string, siteUrl: string): OperatorMail {
  return {
    subject: "Hemeroscopio: la base de datos no responde",
    text:
      `El rastreador no consigue leer la base de datos desde ${sinceText}. Mientras tanto no recoge nada.\n` +
      `Cuando vuelva, los detalles estarán en ${siteUrl}/admin/errores.\n`,
  };
}
