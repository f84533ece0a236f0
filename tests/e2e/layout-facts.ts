import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page } from "@playwright/test";

/*
 * Layout checks for pages whose pixels depend on what other specs did first (recommendations,
 * search results, counts, "2 minutes ago"): a committed picture of them would differ run to run,
 * so these assert the facts a reviewer looks for in the picture instead.
 */

/** The page does not scroll sideways (nothing wider than the viewport). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** Every element `items` matches lies within the viewport's width (none cut off at a side). */
export async function expectWithinViewportWidth(page: Page, items: Locator) {
  const width = page.viewportSize()!.width;
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return {
        left: Math.round(box.left),
        right: Math.round(box.right),
        text: (element.textContent ?? "").slice(0, 60),
      };
    }),
  );
  expect(boxes.length, "nothing to check").toBeGreaterThan(0);
  const outside = boxes.filter((box) => box.left < 0 || box.right > width);
  expect(outside, `elements outside 0…${width} px`).toEqual([]);
}

/** No two of the elements `items` matches overlap (cards, rows, list items). */
export async function expectNoOverlap(items: Locator) {
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
  );
  const overlapping: Array<[number, number]> = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 1 && y > 1) overlapping.push([i, j]);
    }
  }
  expect(overlapping, "overlapping elements (by index)").toEqual([]);
}

/** Resolves once every CSS animation and transition in `element` has finished. */
export async function animationsDone(element: Locator) {
  await element.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

/**
 * Pixel comparison for parts of pages whose content is fixed (translated texts, no member data):
 * 1 % of the pixels may differ (anti-aliasing); animations are stopped at their end; the sticky
 * header and floating buttons are hidden (picture-chrome-hidden.css).
 */
export const STABLE_PICTURE = {
  maxDiffPixelRatio: 0.01,
  animations: "disabled",
  caret: "hide",
  stylePath: path.join(path.dirname(fileURLToPath(import.meta.url)), "picture-chrome-hidden.css"),
} as const;
