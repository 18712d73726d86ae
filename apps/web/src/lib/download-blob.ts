/** Hands bytes to the browser as a file download under `fileName`. */
export const downloadBlob = (fileName: string, blob: Blob) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is no longer needed after this task.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
};
