import { LogOut, UserPlus } from "lucide-react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { failureOf } from "#app/lib/form";
import { COVEN_LIMITS } from "#app/modules/covens/validation";
import type { CovenAnswer, CovenLoaded } from "./coven-types";

/** Join, ask to join, leave, or why none of these is possible now. */
export function JoinControls({
  loaderData,
  actionData,
}: {
  loaderData: CovenLoaded;
  actionData: CovenAnswer;
}) {
  const { t } = useTranslation();
  const { viewer, can } = loaderData;
  const failure = failureOf(actionData);
  if (viewer.role) {
    if (can.leave)
      return (
        <IntentButton intent="leave" confirm={t("covens.page.confirmLeave")}>
          <LogOut aria-hidden="true" />
          {t("covens.page.leave")}
        </IntentButton>
      );
    return (
      <p className="max-w-xs text-sm text-muted-foreground">{t("covens.page.ownerCannotLeave")}</p>
    );
  }
  if (viewer.requested)
    return (
      <p className="max-w-xs text-sm text-muted-foreground" role="status">
        {t("covens.page.requestPending")}
      </p>
    );
  if (viewer.joinRefusal)
    return (
      <p className="max-w-xs text-sm text-muted-foreground">
        {t(textKey(`covens.refusals.${viewer.joinRefusal}`))}
      </p>
    );
  if (!viewer.needsApproval)
    return (
      <IntentButton intent="join" variant="default">
        <UserPlus aria-hidden="true" />
        {t("covens.page.join")}
      </IntentButton>
    );
  return (
    <Form method="post" className="w-full max-w-sm space-y-2">
      <input type="hidden" name="intent" value="join" />
      <Label htmlFor="join-message">{t("covens.page.requestMessage")}</Label>
      <Textarea
        id="join-message"
        name="message"
        rows={3}
        maxLength={COVEN_LIMITS.requestMessageMax}
        defaultValue={failure?.values.message}
        dir="auto"
      />
      {failure?.fieldErrors.message ? (
        <p role="alert" className="text-sm text-destructive">
          {t(textKey(failure.fieldErrors.message))}
        </p>
      ) : null}
      <Button type="submit">
        <UserPlus aria-hidden="true" />
        {t("covens.page.requestJoin")}
      </Button>
    </Form>
  );
}
