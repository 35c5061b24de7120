/** The text a reader sees of server-rendered markup: tags dropped, non-breaking spaces and runs of white space made one space. */
export function markupText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");
}
