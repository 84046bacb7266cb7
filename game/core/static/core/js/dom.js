// @ts-check
// Looking up the elements a page's template promises: a missing or mistyped one is a bug of
// the page, so it fails loudly at start-up instead of as a null somewhere later.

/**
 * The first element under `root` matching `selector`, which must be a `type`.
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{new (): T, prototype: T}} type e.g. HTMLButtonElement
 * @returns {T}
 */
export function element(root, selector, type) {
  const found = root.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`the page has no ${type.name} ${selector}`);
  return found;
}
