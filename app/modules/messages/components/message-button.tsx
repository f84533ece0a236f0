import { Mail } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";

/** Starts (or opens) the conversation with a member: a plain POST to /messages, so it works without JavaScript. */
export function MessageButton({ member, name }: { member: string; name: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === "/messages" &&
    navigation.formData?.get("member") === member;
  return (
    <Form method="post" action="/messages">
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="member" value={member} />
      <Button
        type="submit"
        variant="default"
        disabled={busy}
        aria-label={t("messages.messageMemberLabel", { name })}
      >
        <Mail aria-hidden="true" />
        {t("messages.messageMember")}
      </Button>
    </Form>
  );
}
