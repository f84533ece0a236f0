import { Crown, Infinity as InfinityIcon, Sparkles, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { useRootData } from "#app/root";

/**
 * SPEC §2 Premium gate: benefits, 'Upgrade to Premium' (to /subscription, which leads guests to
 * sign up first) and 'View Free Content'; guests are also offered to sign in.
 */
export function PremiumGate({ fallback }: { fallback?: string }) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const benefits = [
    { icon: InfinityIcon, title: t("premium.unlimited"), text: t("premium.unlimitedText") },
    { icon: Sparkles, title: t("premium.exclusive"), text: t("premium.exclusiveText") },
    { icon: Users, title: t("premium.covens"), text: t("premium.covensText") },
  ];
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center" aria-labelledby="premium-title">
      <Crown className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h1 id="premium-title" className="mt-4 text-3xl font-semibold">
        {t("premium.title")}
      </h1>
      <p className="mt-2 text-muted-foreground">{fallback ? t(fallback) : t("premium.text")}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-border bg-card p-5 text-start">
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <h2 className="mt-3 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
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
