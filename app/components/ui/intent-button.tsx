import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "./button";

/**
 * One small form posting an `intent` (and its hidden fields) to the page's action, as a button;
 * it works without JavaScript. With `confirm`, the browser asks that question first and nothing
 * is sent when the member declines (without JavaScript the form is sent as it is: the server
 * still checks every rule).
 */
export function IntentButton({
  intent,
  fields = {},
  children,
  variant = "outline",
  confirm,
  label,
}: {
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
  variant?: "outline" | "default" | "destructive" | "secondary" | "ghost";
  /** The question asked before sending (already translated). */
  confirm?: string;
  /** An accessible name, when the visible text alone does not say what the button acts on. */
  label?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      className="inline"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} disabled={busy} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}
