import { useEffect, useState } from 'react';
import { serviceBaseUrl } from './api-client.ts';
import { readTokenCookie } from './cookie.ts';

// Files need the Authorization header (docs/product.md §7), which an <img src> cannot send: the bytes are
// fetched once per file and shown through an object URL.
const objectUrls = new Map<string, Promise<string>>();

const loadFileUrl = (fileId: string) => {
  let pending = objectUrls.get(fileId);
  if (!pending) {
    pending = fetch(`${serviceBaseUrl('driveserver')}/filesystem/file/${encodeURIComponent(fileId)}`, {
      headers: { authorization: readTokenCookie() ?? '' },
    })
      .then((response) => {
        if (!response.ok) throw new Error(`The file could not be loaded (${response.status}).`);
        return response.blob();
      })
      .then((blob) => URL.createObjectURL(blob));
    // A failure is not remembered: the next look tries again.
    pending.catch(() => objectUrls.delete(fileId));
    objectUrls.set(fileId, pending);
  }
  return pending;
};

/** A URL for showing a company file (an avatar, the logo), or undefined while loading or without one. */
export const useFileUrl = (fileId: string | null | undefined) => {
  const [loaded, setLoaded] = useState<{ fileId: string; url: string }>();
  useEffect(() => {
    if (!fileId) return;
    let isCurrent = true;
    loadFileUrl(fileId).then(
      (url) => {
        if (isCurrent) setLoaded({ fileId, url });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [fileId]);
  return fileId && loaded?.fileId === fileId ? loaded.url : undefined;
};

/**
 * Opens a company file (a PDF about to be sent) in a new tab. The tab is opened at the click, while
 * the browser still counts it as the user's, and shown the file once its bytes are here.
 */
export const openFileInNewTab = (fileId: string) => {
  const tab = window.open('', '_blank');
  loadFileUrl(fileId).then(
    (url) => {
      if (tab) tab.location.href = url;
    },
    () => tab?.close(),
  );
};
