import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";

/** SPEC §8 screens: not found (404), unauthorized (403), server error, with a reload button. */
export function ErrorScreen({ status, message }: { status: number; message?: string }) {
  const { t } = useTranslation();
  let title: string;
  let text: string;
  if (status === 404) {
    title = t("errors.notFound", { defaultValue: "Page not found" });
    text = t("errors.notFoundText", {
      defaultValue: "The page you are looking for does not exist or has moved.",
    });
  } else if (status === 403 || status === 401) {
    title = t("errors.unauthorized", { defaultValue: "Unauthorized access" });
    text = t("errors.unauthorizedText", {
      defaultValue: "You do not have permission to view this page.",
    });
  } else if (status === 413) {
    // A form sent with JavaScript whose body the server refused (server/body-limit.ts).
    title = t("errors.tooLarge", { defaultValue: "Too much at once" });
    text = t("errors.tooLargeText", {
      defaultValue: "What you sent is larger than this page accepts.",
    });
  } else if (status >= 500) {
    title = t("errors.somethingWrong", { defaultValue: "Something went wrong" });
    text =
      message ??
      t("errors.unexpected", {
        defaultValue: "We encountered an unexpected error. Please try refreshing the page.",
      });
  } else {
    title = t("errors.errorOccurred", { defaultValue: "Error occurred" });
    text =
      message ?? t("errors.badRequest", { defaultValue: "The request could not be processed." });
  }
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
      aria-labelledby="error-title"
      data-testid="error-screen"
    >
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {status >= 500 ? (
          <Button type="button" onClick={() => window.location.reload()}>
            {t("errors.reload", { defaultValue: "Reload Page" })}
          </Button>
        ) : null}
        <Button asChild variant={status >= 500 ? "outline" : "default"}>
          <Link to="/">{t("errors.goHome", { defaultValue: "Go to the home page" })}</Link>
        </Button>
      </div>
    </section>
  );
}
