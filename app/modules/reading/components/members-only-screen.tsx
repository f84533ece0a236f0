import { LockKeyhole } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import type { MembersOnlyScreen as Screen } from "../policy";
import { useJoinLinks } from "./use-join-links";

/**
 * The sign-up screen of members-only reading (reading/policy.ts): what a guest sees instead of a
 * discussion, a profile, the member list or /explore while an admin has closed reading to members.
 * A discussion keeps its title, which guests may see; its body, replies and author stay hidden.
 */
export function MembersOnlyScreen({ screen, title }: { screen: Screen; title: string | null }) {
  const { t } = useTranslation();
  const links = useJoinLinks();
  return (
    <section
      className="mx-auto max-w-xl px-4 py-16 text-center"
      aria-labelledby="members-only-title"
      data-testid="members-only"
    >
      <LockKeyhole className="mx-auto size-10 text-primary" aria-hidden="true" />
      <p className="mt-4 text-sm font-medium text-primary">{t("membersOnly.eyebrow")}</p>
      <h1 id="members-only-title" className="mt-2 text-3xl font-semibold break-words" dir="auto">
        {title ?? t(`membersOnly.titles.${screen}`)}
      </h1>
      <p className="mt-3 text-muted-foreground">{t(`membersOnly.text.${screen}`)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={links.join}>{t("membersOnly.join")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={links.signIn}>{t("header.signIn")}</Link>
        </Button>
      </div>
    </section>
  );
}
