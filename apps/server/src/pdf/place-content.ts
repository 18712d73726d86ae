// Runs inside the print tab (page.evaluate), so it may use only what it is given and the page's DOM.
//
// A `<meta http-equiv="refresh">` in a template navigates the tab while it prints, even with
// JavaScript off: to another address (aborted, leaving an error page), or to the empty page itself.
// Chromium then fails the print ("Printing failed") or prints a blank page, depending on timing.
// The markup is therefore parsed into a document that has no browsing context, where no element
// acts (no refresh, no load, no script), the refreshes are taken out of that very tree, and only
// then is its body moved into the page that prints. Taking them out of the parsed tree, rather than
// out of the text, leaves no way to spell a refresh that a text filter would miss.

/** Places the template's markup in the page's body, without refreshes, and waits for its pictures and fonts. */
export const placeContent = async (html: string) => {
  const parsed = new DOMParser().parseFromString(
    `<!doctype html><html><head></head><body>${html}</body></html>`,
    'text/html',
  );
  for (const meta of Array.from(parsed.querySelectorAll('meta[http-equiv]'))) {
    if (meta.getAttribute('http-equiv')?.trim().toLowerCase() === 'refresh') meta.remove();
  }
  document.body.replaceWith(document.adoptNode(parsed.body));
  // What setContent's `load` waited for: data: pictures decoded and fonts loaded before printing.
  await Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => undefined)));
  await document.fonts.ready;
};
