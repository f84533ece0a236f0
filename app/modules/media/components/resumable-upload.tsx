import { useEffect, useId, useRef, useState } from "react";
import type { Upload as TusUpload } from "tus-js-client";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Progress } from "#app/components/ui/progress";
import { useTranslation } from "#app/i18n/react";
import { formatSize } from "../format";
import { UPLOADS_PATH } from "../purposes";

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
}

export interface ResumableUploadProps {
  /** The name of the hidden field that carries the media file id in the surrounding form. */
  name: string;
  /** The upload's purpose (app/modules/media/purposes.ts): the server checks the type and size by it. */
  purpose: string;
  /** The file picker's `accept`. */
  accept: string;
  /** Refused in the browser before any byte is sent (the server checks again). */
  maxBytes?: number;
  onUploaded?: (file: UploadedFile) => void;
  disabled?: boolean;
  /** The picker's label; "Choose a file" when not given. */
  label?: string;
}

type Phase = "idle" | "uploading" | "paused" | "done" | "failed";

/** The server's own words of a refusal (tus answers text; the endpoint's own refusals JSON). */
function serverMessage(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // Plain text.
  }
  const text = body.trim();
  return text && text.length <= 300 && !text.startsWith("<") ? text : null;
}

/**
 * A resumable upload (tus, `/api/uploads`): a file picker, a progress bar, pause and resume, and
 * a retry that continues from the bytes the server already has after a dropped connection (or a
 * reload: the browser remembers unfinished uploads of the same file). When the upload is done the
 * hidden field `name` holds the media file id, so the surrounding form posts it.
 */
export function ResumableUpload({
  name,
  purpose,
  accept,
  maxBytes,
  onUploaded,
  disabled = false,
  label,
}: ResumableUploadProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const statusId = useId();
  const upload = useRef<TusUpload | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [sent, setSent] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The failure was the connection or the server, not a refusal: retrying continues the upload. */
  const [retryable, setRetryable] = useState(false);

  // Leaving the page stops the transfer; the server keeps what arrived for a later resume.
  useEffect(
    () => () => {
      void upload.current?.abort();
    },
    [],
  );

  const begin = async (chosen: File) => {
    setError(null);
    setUploaded(null);
    setSent(0);
    setFile(chosen);
    setRetryable(false);
    upload.current = null;
    if (maxBytes !== undefined && chosen.size > maxBytes) {
      setPhase("failed");
      setError(t("media.errors.tooLarge", { size: formatSize(maxBytes, i18n.language) }));
      return;
    }
    setPhase("uploading");
    const { Upload } = await import("tus-js-client");
    const transfer = new Upload(chosen, {
      endpoint: UPLOADS_PATH,
      metadata: { filename: chosen.name, filetype: chosen.type, purpose },
      // Bounded requests: a proxy's body limit never meets a whole video, and a dropped
      // connection loses at most one chunk's progress.
      chunkSize: 16 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      // An unfinished upload is resumed only for the same file and the same purpose.
      fingerprint: async () =>
        ["sanctuary", purpose, chosen.name, chosen.type, chosen.size, chosen.lastModified].join(
          "-",
        ),
      onProgress: (bytes) => setSent(bytes),
      onError: (failure) => {
        const response = "originalResponse" in failure ? failure.originalResponse : null;
        const status = response?.getStatus() ?? 0;
        const said = status >= 400 && status < 500 ? serverMessage(response?.getBody()) : null;
        setError(said ?? t(status ? "media.errors.uploadFailed" : "media.errors.connectionLost"));
        setRetryable(!said);
        setPhase("failed");
      },
      onSuccess: () => {
        const id = transfer.url?.split("/").pop() ?? "";
        const done = { id, name: chosen.name, size: chosen.size };
        setUploaded(done);
        setSent(chosen.size);
        setPhase("done");
        onUploaded?.(done);
      },
    });
    upload.current = transfer;
    // Continue an upload of this very file that an earlier visit left unfinished.
    const previous = await transfer.findPreviousUploads().catch(() => []);
    const latest = previous.at(-1);
    if (latest) transfer.resumeFromPreviousUpload(latest);
    transfer.start();
  };

  const pause = () => {
    void upload.current?.abort();
    setPhase("paused");
  };
  const resume = () => {
    setError(null);
    setRetryable(false);
    setPhase("uploading");
    upload.current?.start();
  };

  const total = file?.size ?? 0;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const busy = phase === "uploading" || phase === "paused";

  return (
    <div className="space-y-2" data-slot="resumable-upload">
      <input type="hidden" name={name} value={uploaded?.id ?? ""} />
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label ?? t("media.upload.choose")}
      </label>
      <input
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled || busy}
        aria-describedby={statusId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (chosen) void begin(chosen);
        }}
        className="block w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-secondary-foreground disabled:opacity-50"
      />
      {file && phase !== "idle" ? (
        <div className="space-y-2 rounded-md border border-border bg-card p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="min-w-0 truncate font-medium" dir="auto">
              {file.name}
            </span>
            <span className="text-xs text-muted-foreground tabular-nums">
              {formatSize(total, i18n.language)}
            </span>
          </div>
          <Progress
            value={percent}
            aria-label={t("media.upload.progress", { name: file.name })}
            valueText={t("media.upload.percent", { percent })}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={statusId} className="text-xs text-muted-foreground" aria-live="polite">
              {phase === "uploading"
                ? t("media.upload.sending", { percent })
                : phase === "paused"
                  ? t("media.upload.paused", { percent })
                  : phase === "done"
                    ? t("media.upload.done")
                    : null}
            </p>
            <div className="flex gap-2">
              {phase === "uploading" ? (
                <Button type="button" size="sm" variant="outline" onClick={pause}>
                  {t("media.upload.pause")}
                </Button>
              ) : null}
              {phase === "paused" ? (
                <Button type="button" size="sm" variant="outline" onClick={resume}>
                  {t("media.upload.resume")}
                </Button>
              ) : null}
              {phase === "failed" && retryable ? (
                <Button type="button" size="sm" variant="outline" onClick={resume}>
                  {t("media.upload.retry")}
                </Button>
              ) : null}
            </div>
          </div>
        </div>
      ) : (
        <p id={statusId} className="sr-only" />
      )}
      <FieldError message={error ?? undefined} />
    </div>
  );
}

export default ResumableUpload;
