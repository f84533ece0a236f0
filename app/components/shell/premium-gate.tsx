import { textKey } from "#app/i18n/i18n";
import { Crown } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { BenefitList } from "#app/modules/memberships/components/benefit-list";
import { useRootData } from "#app/root";

/**
 * SPEC §2 Premium gate: what full membership adds (from the benefits registry, so only what
 * exists), 'Get full membership' (to /subscription, which leads guests to sign up first) and
 * 'View Free Content'; guests are also offered to sign in.
 */
export function PremiumGate({
  fallback,
  headingLevel = 1,
}: {
  fallback?: string;
  /** 2 when the gate sits inside a page with its own title (a premium article's excerpt). */
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Subtitle = headingLevel === 1 ? "h2" : "h3";
  return (
    <section
      className={
        headingLevel === 1
          ? "mx-auto max-w-3xl px-4 py-16 text-center"
          : "mx-auto max-w-3xl px-4 py-10 text-center"
      }
      aria-labelledby="premium-title"
    >
      <Crown className="mx-auto size-12 text-primary" aria-hidden="true" />
      <Title id="premium-title" className="mt-4 text-3xl font-semibold">
        {t("premium.title")}
      </Title>
      <p className="mt-2 text-muted-foreground">
        {fallback ? t(textKey(fallback)) : t("premium.text")}
      </p>
      <Subtitle className="mt-8 text-sm font-medium text-muted-foreground">
        {t("premium.benefitsTitle")}
      </Subtitle>
      <BenefitList plan="full" variant="cards" className="mt-3" />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/subscription">{t("premium.upgrade")}</Link>
        </Button>
        {viewer ? null : (
          <Button asChild variant="outline">
            <Link to="/auth">{t("header.signIn")}</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/discussions?category=general-discussion">{t("premium.viewFree")}</Link>
        </Button>
      </div>
    </section>
  );
}
