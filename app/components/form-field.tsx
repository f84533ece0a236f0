import { textKey } from "#app/i18n/i18n";
import { useId, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/react";
import { FieldError, useFixableError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";

/**
 * A labelled input with its hint and its inline error. `error` is a translation key from the
 * server's validation; the field is marked invalid and points at the message for screen readers,
 * until the member fixes it (useFixableError). `id` names the field (for a link to it).
 */
export function FormField({
  label,
  name,
  error: serverError,
  hint,
  children,
  id: givenId,
  ...inputProps
}: {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  children?: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
} & Omit<React.ComponentProps<"input">, "name" | "children">) {
  const { t } = useTranslation();
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const { error, fieldProps } = useFixableError(serverError);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5" {...fieldProps}>
      <Label htmlFor={id}>{label}</Label>
      {children ? (
        children({ id, describedBy, invalid: Boolean(error) })
      ) : (
        <Input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error ? t(textKey(error)) : undefined} />
    </div>
  );
}
