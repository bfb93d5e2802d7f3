/**
 * Text from outside (client error reports, user agents) made safe to write into a log or a
 * terminal: every control character — CR and LF included, so the text cannot start a forged log
 * line — and the Unicode line and paragraph separators become visible escapes (`\n`, `\u001b`),
 * and the result is cut to `maxLength` characters with a note of how much was left out.
 */
export function escapeLogText(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  const cut = text.length > maxLength ? text.slice(0, maxLength) : text;
  // eslint-disable-next-line no-control-regex
  const escaped = cut.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g, (character) => {
    switch (character) {
      case '\\':
        return '\\\\';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
  return cut.length < text.length ? `${escaped}… (${text.length - cut.length} more)` : escaped;
}
