import { Children, cloneElement, isValidElement, type ReactNode, type Ref } from "react";

type Props = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

/** A ref callback that sets every given ref. */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its only child element with its own props merged in (the `asChild` pattern), as Radix's
 * Slot does: both event handlers run (the child's first), styles merge, class names and
 * `aria-describedby` ids join, both refs are set; other props of the child win.
 */
export function Slot({
  children,
  ref,
  ...slotProps
}: { children?: ReactNode; ref?: Ref<Element> } & Props) {
  const child = Children.only(children);
  if (!isValidElement<Props>(child)) throw new Error("Slot: the child must be one element.");
  const childProps = child.props;
  const merged: Props = { ...childProps };
  for (const name in childProps) {
    const ours = slotProps[name];
    const theirs = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (ours && theirs) {
        merged[name] = (...args: unknown[]) => {
          const result = (theirs as Handler)(...args);
          (ours as Handler)(...args);
          return result;
        };
      } else if (ours) merged[name] = ours;
    } else if (name === "style") merged[name] = { ...(ours as object), ...(theirs as object) };
    else if (name === "className") merged[name] = [ours, theirs].filter(Boolean).join(" ");
    else if (name === "aria-describedby")
      merged[name] = [theirs, ours].filter(Boolean).join(" ") || undefined;
  }
  const childRef = childProps.ref as Ref<Element> | undefined;
  return cloneElement(child, {
    ...slotProps,
    ...merged,
    ref: ref ? mergeRefs(ref, childRef) : childRef,
  });
}
