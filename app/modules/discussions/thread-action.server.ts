import { redirect } from "react-router";
import { NotAllowedError } from "#app/modules/auth";
import { actionError, actionOk, parseForm } from "#app/lib/form";
import { toggleReaction, reportContent } from "./engagement.server";
import { commentLink } from "./links";
import { deletePost, PostRefusedError, setFeatured } from "./posts.server";
import type { ViewerRules } from "./policy";
import { allowPosting } from "./rate-limits.server";
import { isPublicScope, type PostScope } from "./scope";
import type { ThreadTarget } from "./thread-target.server";
import { acceptAnswer, createComment, deleteComment, updateComment } from "./thread.server";
import { threadActionSchema } from "./validation";

/** Where a thread lives: its scope, its address, and where deleting its post leads. */
export interface ThreadPlace {
  scope: PostScope;
  /** The thread's path: a new comment redirects to its permalink there. */
  path: string;
  /** The list the post belonged to, shown once it is deleted. */
  afterDelete: string;
}

/**
 * The thread page's action, for the public discussions and for a coven's feed (decision 037): the
 * eight intents of `threadActionSchema` against the post `thread` (resolved by `threadTarget` in
 * the same scope, after the route's own access check). Refusals become translated toasts: 404
 * where even existence is private, 403 otherwise, 429 past a rate limit.
 */
export async function runThreadAction(
  request: Request,
  viewer: ViewerRules & { displayName: string },
  thread: ThreadTarget,
  place: ThreadPlace,
) {
  const { scope } = place;
  // The thread's forms have no place for field errors: the first one is the toast.
  const parsed = await parseForm(request, threadActionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const rateLimited = () =>
    actionError({ formError: "discussions.errors.rateLimited", values: parsed.values }, 429);
  try {
    switch (input.intent) {
      case "comment": {
        if (!(await allowPosting("comment", viewer.id))) return rateLimited();
        const { id } = await createComment(
          viewer,
          thread.id,
          { content: input.content, parentId: input.parentId || null },
          scope,
        );
        // To the new comment, on whichever page holds it (in a long thread, rarely the one the
        // form was on), with or without JavaScript; a comment waiting for a moderator says so there.
        throw redirect(commentLink(place.path, id));
      }
      case "react":
        if (!(await allowPosting("reaction", viewer.id))) return rateLimited();
        await toggleReaction(
          viewer,
          { type: input.targetType, id: input.targetId },
          input.kind,
          scope,
        );
        return actionOk();
      case "accept":
        await acceptAnswer(viewer, thread.id, input.commentId, scope);
        return actionOk();
      case "edit-comment": {
        const { held } = await updateComment(viewer, input.commentId, input.content, scope);
        return actionOk({ toast: held ? { key: "discussions.editHeld" } : undefined });
      }
      case "delete-comment":
        await deleteComment(viewer, input.commentId, scope);
        return actionOk({ toast: { key: "discussions.commentDeleted" } });
      case "delete-post":
        await deletePost(viewer, thread.id, scope);
        throw redirect(place.afterDelete);
      case "report":
        if (!(await allowPosting("report", viewer.id))) return rateLimited();
        await reportContent(
          viewer,
          { type: input.targetType, id: input.targetId },
          input.reason,
          scope,
        );
        return actionOk();
      case "feature":
        // Featuring is the public list's tab; a coven's feed has its leaders' pins instead.
        if (!isPublicScope(scope)) throw new NotAllowedError("feature");
        await setFeatured(viewer, thread.id, !thread.isFeatured);
        return actionOk();
    }
  } catch (error) {
    if (error instanceof PostRefusedError)
      return actionError(
        { formError: `discussions.refusals.${error.reason}`, values: parsed.values },
        error.reason === "notFound" ? 404 : 403,
      );
    if (error instanceof NotAllowedError)
      return actionError({ formError: "errors.unauthorized" }, 403);
    throw error;
  }
}
