// What stands in for a secret wherever a copy of a message or a log line is kept.
export const HIDDEN = "•••";

/** Query parameters whose value is a credential (a reset or verification token, a code …). */
const SECRET_PARAMETER =
  /([?&](?:token|code|key|secret|signature|sig|otp|password)=)[^\s&#"'<>]+/gi;
/** better-auth's own reset link carries the token in the path. */
const SECRET_PATH = /(\/reset-password\/)[^\s?#"'<>/]+/gi;

/**
 * `text` without its secrets: each of `secrets` (as written and URL-encoded) and the value of
 * every token-bearing URL parameter are replaced by HIDDEN. For the stored copy of an e-mail and
 * for log lines; the recipient's copy keeps them.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let redacted = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      redacted = redacted.split(form).join(HIDDEN);
  }
  return redacted.replace(SECRET_PARAMETER, `$1${HIDDEN}`).replace(SECRET_PATH, `$1${HIDDEN}`);
}
