import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { useNavigation } from "react-router";
import { cn } from "#app/lib/cn";

export type FieldErrorProps = Omit<ComponentProps<"p">, "children"> & {
  /** The (already translated) message; nothing is rendered when it is empty. */
  message?: string | null;
};

/**
 * An inline form error. Give it the `id` that the field references with `aria-describedby`
 * (and mark the field `aria-invalid`).
 */
export function FieldError({ message, className, ...props }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p
      data-slot="field-error"
      role="alert"
      className={cn("text-sm font-medium text-destructive", className)}
      {...props}
    >
      {message}
    </p>
  );
}

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isEditable = (target: EventTarget): target is Editable =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

/**
 * A field's error from the server, withdrawn as soon as the member fixes the field: once it is
 * edited into a value the browser accepts (a required field is no longer empty…). The next
 * answer from the server (a navigation settling) shows whatever it says, even the same message.
 * Spread `fieldProps` on an element around the field (edits bubble to it); use `error`, not the
 * prop, for the message and `aria-invalid`.
 */
export function useFixableError(error: string | undefined) {
  const [fixed, setFixed] = useState(false);
  const navigation = useNavigation();
  const settling = useRef(navigation.state);
  useEffect(() => {
    if (settling.current !== "idle" && navigation.state === "idle") setFixed(false);
    settling.current = navigation.state;
  }, [navigation.state]);
  // A different message (another answer) is always shown.
  const [shownFor, setShownFor] = useState(error);
  if (shownFor !== error) {
    setShownFor(error);
    setFixed(false);
  }
  const onEdit = (event: FormEvent) => {
    if (!error || fixed || !isEditable(event.target)) return;
    if (event.target.checkValidity()) setFixed(true);
  };
  return { error: fixed ? undefined : error, fieldProps: { onInput: onEdit, onChange: onEdit } };
}
