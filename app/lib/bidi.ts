/**
 * Text a member wrote (a title, a name) placed inside a translated sentence keeps its own
 * direction there, so an English title in an Arabic line (or the other way round) cannot move the
 * sentence's punctuation: Unicode first-strong isolates, invisible. The plain-text `<bdi>`; in
 * markup, give an element of its own `dir="auto"` or wrap it in `<bdi>`.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** One isolated value (its text captured), for splitting a sentence into text and values. */
export const ISOLATED = /\u2068([^\u2068\u2069]*)\u2069/;
